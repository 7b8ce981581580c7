"""A German→English corpus of a domain Multi30K never shows: software messages, from gettext catalogs.

    python bench/finetune_corpus.py --out /work/ftdata        # writes train/dev/test.{de,en} and manifest.json

Debian packages ship their German translations of English user-interface strings as gettext catalogs
(/usr/share/locale/de/LC_MESSAGES/*.mo: coreutils, git, apt, gtk, PostgreSQL, ...). Each message is a pair: the
German msgstr (source) and the English msgid (target). It stands for a user's own corpus: a technical domain
(files, options, errors, format strings like "%s"), a register far from image captions, a vocabulary Multi30K
lacks, and it was written by other people than the test's references.

Pairs: a message and its translation with the same number of lines give one pair a line (help texts); untranslated
messages, copies, lines with control characters and lines over MAX_CHARS are left out; the first singular form of a
plural message is used; message contexts are removed. Splits are by catalog, never by line, so no program's messages
are in two splits; a German line is kept once, in the first split that has it (test, then dev, then train), so no
test source is trained on. Name lists (iso_*: languages, countries, currencies, scripts) are left out: they are
glossaries, not messages. Keep the output out of the repository: it is made from the machine's packages.
"""
from __future__ import annotations

import argparse
import gettext
import hashlib
import json
from pathlib import Path

TEST = ("wget", "tar", "gtk20", "findutils", "procps-ng")
DEV = ("make", "sed", "grep", "xz", "apt")
MAX_CHARS = 150


def messages(path: Path) -> list[tuple[str, str]]:
    """(German, English) lines of one .mo catalog."""
    with open(path, "rb") as f:
        catalog = gettext.GNUTranslations(f)._catalog
    pairs = []
    for msgid, msgstr in catalog.items():
        if isinstance(msgid, tuple):               # (singular msgid, plural index): the first German form only
            if msgid[1] != 0:
                continue
            msgid = msgid[0]
        msgid = msgid.split("\x04")[-1]            # "context\x04message"
        if not msgid or not msgstr or msgid == msgstr:
            continue
        en_lines, de_lines = msgid.strip("\n").split("\n"), msgstr.strip("\n").split("\n")
        if len(en_lines) != len(de_lines):
            continue
        for de, en in zip(de_lines, en_lines):
            de, en = de.strip(), en.strip()
            if de and en and de != en and max(len(de), len(en)) <= MAX_CHARS and printable(de + en):
                pairs.append((de, en))
    return pairs


def printable(text: str) -> bool:
    return all(c == "\t" or ord(c) >= 32 and c != "\x7f" for c in text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalogs", default="/usr/share/locale/de/LC_MESSAGES", help="directory of German .mo files")
    parser.add_argument("--out", default="/work/ftdata")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    split_of = {**{name: "test" for name in TEST}, **{name: "dev" for name in DEV}}
    order = {"test": 0, "dev": 1, "train": 2}
    catalogs = sorted(Path(args.catalogs).glob("*.mo"), key=lambda p: (order[split_of.get(p.stem, "train")], p.name))
    splits: dict[str, list[tuple[str, str]]] = {"train": [], "dev": [], "test": []}
    seen: set[str] = set()
    manifest = {"catalogs": {}, "skipped": {}}
    for path in catalogs:
        if path.stem.startswith("iso_"):
            manifest["skipped"][path.name] = "a name list"
            continue
        try:
            pairs = messages(path)
        except (OSError, UnicodeDecodeError, ValueError) as e:
            manifest["skipped"][path.name] = f"unreadable ({type(e).__name__})"
            continue
        split, kept = split_of.get(path.stem, "train"), 0
        for de, en in pairs:
            if de not in seen:
                seen.add(de)
                splits[split].append((de, en))
                kept += 1
        manifest["catalogs"][path.name] = {"split": split, "pairs": kept,
                                           "sha256": hashlib.sha256(path.read_bytes()).hexdigest()}
    for split, pairs in splits.items():
        for side, lang in enumerate(("de", "en")):
            (out / f"{split}.{lang}").write_text("".join(p[side] + "\n" for p in pairs), encoding="utf-8")
        manifest[split] = len(pairs)
    missing = [name for name in (*TEST, *DEV) if f"{name}.mo" not in manifest["catalogs"]]
    manifest["missing"] = missing
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"{out}: train {len(splits['train']):,}, dev {len(splits['dev']):,}, test {len(splits['test']):,} pairs "
          f"from {len(manifest['catalogs'])} catalogs" + (f"; missing: {', '.join(missing)}" if missing else ""))


if __name__ == "__main__":
    main()
