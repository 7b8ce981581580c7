"""A joint German<->English corpus for one model of both directions, marked by a word at the source's start.

Every Multi30K pair becomes two: `xxen <German>` -> English and `xxde <English>` -> German. train.py trains on it
as an own corpus (it is "German" to English in train.py's eyes: the German spaCy tokenizer and text pipeline see
both languages' sources, which is what this experiment does not fix), and each direction is scored apart on files
whose sources carry the tag:

    python -m bench.joint_corpus --data-dir ../shared/data/multi30k --out joint
    python train.py --preset cpu --data-dir ../shared/data/multi30k --data.train=joint/train --data.val=joint/val \
        --train.max_steps=3760 --train.time_budget=0 --out RUN
    python evaluate.py --checkpoint RUN/best.pt --src joint/test_2016_flickr-deen.src \
        --ref joint/test_2016_flickr-deen.ref

The pairs alternate direction line by line, so the first N val sentences that validation during a run uses hold
both directions equally.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from data.multi30k import read_parallel
from util.textio import write_text_atomic

TAGS = {"en": "xxen", "de": "xxde"}           # the word that says which language to write


def tagged(line: str, tgt_lang: str) -> str:
    return f"{TAGS[tgt_lang]} {line}"


def joint_pairs(german: list[str], english: list[str]) -> tuple[list[str], list[str]]:
    """Sources and targets of both directions, alternating: de->en, en->de, de->en, ..."""
    sources, targets = [], []
    for de, en in zip(german, english, strict=True):
        sources += [tagged(de, "en"), tagged(en, "de")]
        targets += [en, de]
    return sources, targets


def _write(path: Path, lines: list[str]) -> None:
    write_text_atomic(path, "".join(line + "\n" for line in lines))


def write_joint_corpus(data_dir: str | Path | None, out: Path, joint_splits=("train", "val"),
                       scored_splits=("val", "test_2016_flickr")) -> None:
    """out/{split}.de + out/{split}.en for training, out/{split}-{deen,ende}.{src,ref} for scoring each direction."""
    out.mkdir(parents=True, exist_ok=True)
    for split in dict.fromkeys((*joint_splits, *scored_splits)):
        german, english = read_parallel(split, data_dir, download=False)
        if split in joint_splits:
            sources, targets = joint_pairs(german, english)
            _write(out / f"{split}.de", sources)       # the names train.py's --data.train=PATH reads for de->en
            _write(out / f"{split}.en", targets)
        if split in scored_splits:
            _write(out / f"{split}-deen.src", [tagged(s, "en") for s in german])
            _write(out / f"{split}-deen.ref", english)
            _write(out / f"{split}-ende.src", [tagged(s, "de") for s in english])
            _write(out / f"{split}-ende.ref", german)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", help="Multi30K's directory (else $MULTI30K_DIR)")
    parser.add_argument("--out", required=True, type=Path, help="directory for the joint corpus")
    args = parser.parse_args(argv)
    write_joint_corpus(args.data_dir, args.out)
    print(f"joint corpus in {args.out}: train.de/.en and val.de/.en (--data.train/--data.val), "
          "{val,test_2016_flickr}-{deen,ende}.{src,ref} to score each direction")


if __name__ == "__main__":
    main()
