"""The lines of the markup, subtitle and direction probes were written for them: none occurs in Multi30K (their text,
without tags, entities, dialogue dashes and subtitle styling)."""
import gzip

import pytest

from decoding.cue_text import piece_of
from probes.direction import probe_lines
from probes.lines import text_lines
from probes.markup import text_of
from probes.subtitles import layout, subtitle_files


def normal(line: str) -> str:
    return " ".join(line.lower().split()).rstrip(" .!?")


def subtitle_texts(lang: str) -> list[str]:
    texts = []
    for path in subtitle_files(lang):
        content = path.read_text(encoding="utf-8")
        kept = set(layout(content, path.suffix[1:])[0])
        texts += [piece_of(line).words for line in content.removeprefix("\ufeff").splitlines(keepends=True)
                  if line not in kept and piece_of(line).words]
    return texts


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_line_of_these_probes_occurs_in_multi30k(multi30k_dir, lang):
    seen = set()
    for split in ("train", "val", "test_2016_flickr"):
        with gzip.open(multi30k_dir / f"{split}.{lang}.gz", "rt", encoding="utf-8") as f:
            seen |= {normal(line) for line in f}
    lines = [text_of(line) for line in text_lines(f"markup.{lang}.txt")] + subtitle_texts(lang) + \
        [line.text for line in probe_lines() if line.lang == lang]
    assert len(lines) > 100
    assert [line for line in lines if normal(line) in seen] == []
