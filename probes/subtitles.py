"""Do subtitle files keep their form? Subtitle files written for this probe (probes/data/subtitles.*.srt, *.vtt: a
BOM, CRLF line ends, numbering from 17 or 101, timing lines with SRT coordinates and WebVTT cue settings, a WEBVTT
header with metadata, NOTE and STYLE blocks, cue identifiers, <i>, <v Name> and {\\an8} styling, sentences across two
or three lines, dialogue cues of two and three speakers, a cue with no text), each translated as translate.py
--format srt|vtt translates it (decoding/subtitles.py): a .de file toward English, an .en file toward German.

    python -m probes.subtitles --checkpoint runs/<run>/best.pt [--beam 5] [--show-failures] [--record]

Reported per file and in all: the lines that are no cue text (numbers, identifiers, timing lines, header, NOTE and
STYLE blocks, blank lines, each with its line end) byte for byte in place (target 100%), the BOM kept, the cue count
unchanged, and the cues with as many text lines as their source (line breaks within a cue kept).
"""
from __future__ import annotations

from typing import NamedTuple

from decoding.subtitles import KEPT_BLOCK, TIMING, lines_of, translate_subtitles, translate_texts
from probes.lines import DATA
from probes.score import percent
from probes.ways import open_router, parse_probe_args, probe_parser, record_shares, ways
from cli import decode_from_flags, run_main
from util.errors import UserError


def subtitle_files(lang: str) -> list:
    """The probe's files written in `lang`: subtitles.LANG.srt, subtitles-WHAT.LANG.vtt, ..."""
    return sorted(DATA.glob(f"subtitles*.{lang}.srt")) + sorted(DATA.glob(f"subtitles*.{lang}.vtt"))


class SubtitleResult(NamedTuple):
    name: str
    kept_lines: int         # the source's lines that are no cue text
    kept_same: int          # of those, the output's line in the same place is the same, byte for byte
    bom_kept: bool
    cues: int               # timing lines of the source
    output_cues: int        # timing lines of the output
    text_cues: int          # cues with text
    same_breaks: int        # of those, cues with as many text lines in the output
    failures: tuple         # what differs, one line each
    refused: int = 0        # files the translation refused whole (a one-line error): nothing of them comes back

    @property
    def right(self) -> bool:
        return self.kept_same == self.kept_lines and self.bom_kept and self.cues == self.output_cues and \
            self.same_breaks == self.text_cues


def blocks(content: str) -> list[list[str]]:
    """A file's lines (each with its end, the BOM left off) in blocks: a blank line is a block of its own."""
    out: list[list[str]] = []
    for line in lines_of(content.removeprefix("\ufeff")):
        blank = not line.text.strip()
        if blank or not out or not out[-1][0].strip():
            out.append([])
        out[-1].append(line.text + line.end)
    return out


def layout(content: str, fmt: str) -> tuple[list[str], list[int]]:
    """(the lines that are no cue text; the number of text lines of each cue with text), read leniently: a block of
    text after a blank line inside a cue is more of that cue's text, and a cue may start without a blank line before
    it."""
    kept, cues = [], []
    for n, block in enumerate(blocks(content)):
        if not block[0].strip() or fmt == "vtt" and (n == 0 or KEPT_BLOCK.match(block[0])):
            kept += block
            continue
        # a cue starts at each timing line, with the line before it where that opens the block or is a cue number
        timings = {k for k, line in enumerate(block) if TIMING.fullmatch(line.rstrip("\r\n"))}
        heads = timings | {k - 1 for k in timings if k == 1 or k > 1 and block[k - 1].strip().isdigit()}
        for k, line in enumerate(block):
            if k in heads:
                kept.append(line)
                if k in timings:
                    cues.append(0)
            elif cues:
                cues[-1] += 1
    return kept, [n for n in cues if n]


def judge(name: str, source: str, output: str | UserError) -> SubtitleResult:
    """One file's form judged, model-free: the source and its translation as text (or the error that refused it)."""
    fmt = name.rsplit(".", 1)[-1]
    kept, breaks = layout(source, fmt)
    refused = isinstance(output, UserError)
    got, got_breaks = ([], []) if refused else layout(output, fmt)
    failures = [f"the file was refused: {output}"] if refused else []
    failures += [f"line {a!r} came back as {b!r}" for a, b in zip(kept, got) if a != b]
    if len(got) != len(kept):
        failures.append(f"{len(kept)} lines that are no cue text, {len(got)} in the translation")
    failures += [f"cue {k + 1} with text: {a} lines, {b} in the translation" for k, (a, b) in
                 enumerate(zip(breaks, got_breaks)) if a != b]
    output = "" if refused else output
    cues = lambda text: sum(bool(TIMING.fullmatch(line.rstrip("\r\n"))) for block in blocks(text) for line in block)
    return SubtitleResult(name, len(kept), sum(a == b for a, b in zip(kept, got)),
                          not refused and source.startswith("\ufeff") == output.startswith("\ufeff"), cues(source),
                          cues(output), len(breaks), sum(a == b for a, b in zip(breaks, got_breaks)),
                          tuple(failures), int(refused))



def report(r: SubtitleResult) -> str:
    bom = "BOM kept" if r.bom_kept else "BOM LOST"
    return (f"{r.name:30s} lines kept byte for byte {percent(r.kept_same, r.kept_lines):>16s}  "
            f"{'REFUSED' if r.refused else bom}  cues {r.output_cues}/{r.cues}  cues with their line breaks "
            f"{percent(r.same_breaks, r.text_cues)}")


def totals(results: list[SubtitleResult]) -> SubtitleResult:
    """The files' figures summed; the BOM kept where every file that was not refused kept it."""
    refused = sum(r.refused for r in results)
    return SubtitleResult(f"all ({len(results)} files, {refused} refused)", *(sum(r[k] for r in results)
                                                                            for k in range(1, 3)),
                          all(r.bom_kept for r in results if not r.refused),
                          *(sum(r[k] for r in results) for k in range(4, 8)), (), 0)


def parse_args(argv):
    parser = probe_parser("-m probes.subtitles", __doc__)
    return parse_probe_args(parser, argv)


def main(argv) -> int:
    args = parse_args(argv)
    router = open_router(args)
    for source_lang, target_lang in ways(router):
        way, direction, results = router.toward(target_lang), f"{source_lang}-{target_lang}", []
        decode = decode_from_flags(args, way.cfg.decode)
        for path in subtitle_files(source_lang):
            source = path.read_bytes().decode("utf-8")
            try:
                output = translate_subtitles(source, path.suffix[1:], lambda texts, numbers: translate_texts(
                    way, texts, numbers, decode), path.name)
            except UserError as e:          # the command's one-line error: the file is lost whole
                output = e
            results.append(judge(path.name, source, output))
            print(report(results[-1]))
            if args.show_failures:
                print("".join(f"  {failure}\n" for failure in results[-1].failures), end="")
                print("".join(f"    | {line}\n" for line in str(output).splitlines()), end="")
        total = totals(results)
        print(report(total))
        if args.record:
            record_shares("python -m probes.subtitles", args, {
                "subtitle probe: lines other than cue text kept byte for byte": (total.kept_same, total.kept_lines),
                "subtitle probe: cues with their line breaks": (total.same_breaks, total.text_cues)},
                direction)
    return 0


if __name__ == "__main__":
    run_main(main)
