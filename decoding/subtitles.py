r"""Subtitle files (SubRip .srt, WebVTT .vtt) translated cue by cue: parse, translate every cue's text in one batch,
write. Each line that is not a cue's text comes out byte for byte: cue numbers, timing lines with their cue settings,
the WEBVTT header, NOTE/STYLE/REGION blocks, cue identifiers, blank lines, each line's end ("\n" or "\r\n"), a BOM.

    python translate.py --format srt < film.de.srt > film.en.srt

A cue's lines are read as sentences: lines that continue a sentence are joined with a space, translated as one, and
the translation cut back into as many lines at the spaces nearest the source lines' proportions; a line that ends a
sentence, and a dialogue line (`- `), stays a line of its own. Tags around a line (`<i>`, `{\an8}`) and a dialogue
dash are taken off before translating and put back around its translation; tags inside a line are dropped (the model
never saw one), and with them a partner at the line's edge (`<i>Ein Hund</i> rennt.`: no `<i>` comes back alone).
A cue's text lines are taken apart, and a translation cut into lines, in decoding/cue_text.py.
"""
from __future__ import annotations

import re
import sys
from dataclasses import replace
from typing import Callable, NamedTuple

from config import DecodeConfig
from decoding.confidence import is_low
from decoding.cue_text import Piece, Segment, cue_pieces, segments, split_like, turns
from decoding.load import check_output, decode_inputs
from decoding.router import Router
from decoding.translations import Translation, sentences_of
from decoding.translator import Translator
from util.errors import UserError
from util.textio import replace_file

FORMATS = ("text", "srt", "vtt", "html", "xml")
EXAMPLE = {"srt": "00:00:01,000 --> 00:00:03,500", "vtt": "00:00:01.000 --> 00:00:03.500"}
TIME = r"(?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3}"
TIMING = re.compile(rf"\s*{TIME}[ \t]*-->[ \t]*{TIME}(?:[ \t].*)?")    # VTT cue settings, SRT coordinates after it
KEPT_BLOCK = re.compile(r"(?:NOTE|STYLE|REGION)(?:[ \t]|$)")           # WebVTT blocks that are no cue


class Line(NamedTuple):
    text: str       # without its end
    end: str        # "\n", "\r\n", or "" for a last line without one
    number: int     # 1-based, in the file (for errors and warnings)


class Part(NamedTuple):
    lines: list[Line]
    translated: bool    # a cue's text (True) or lines kept as written


def lines_of(content: str) -> list[Line]:
    r"""The lines of a text with their own ends; cut at "\n" only, as util/textio.py does."""
    pieces = content.split("\n")
    out = []
    for n, piece in enumerate(pieces):
        last = n == len(pieces) - 1
        if last and not piece:
            break
        end = "" if last else "\r\n" if piece.endswith("\r") else "\n"
        out.append(Line(piece.removesuffix("\r") if end == "\r\n" else piece, end, n + 1))
    return out


def parse(content: str, fmt: str, name: str) -> list[Part]:
    """A subtitle file (without its BOM) as parts, in order; a cue without a timing line that parses is a UserError
    naming the line."""
    lines, parts, n, in_cue = lines_of(content), [], 0, False
    if fmt == "vtt":
        if not lines or not re.match(r"WEBVTT(?:[ \t]|$)", lines[0].text):
            raise UserError(f"{name} line 1: a WebVTT file starts with the line WEBVTT, not "
                            f"{lines[0].text[:60] if lines else ''!r}; is it a SubRip file (--format srt)?")
    while n < len(lines):
        end = next((k for k in range(n, len(lines)) if not lines[k].text.strip()), len(lines))
        block = lines[n:end] or lines[n:n + 1]      # a blank line is a block of its own
        n += len(block)
        if not block[0].text.strip() or fmt == "vtt" and (block[0].number == 1 or KEPT_BLOCK.match(block[0].text)):
            parts.append(Part(block, False))         # blank, the WEBVTT header, NOTE, STYLE, REGION
            continue
        if in_cue and not starts_cue(block):
            # text after a blank line inside a cue (players show it with the cue before): translated
            text = text_before_cue(block)
            parts.append(Part(block[:text], True))
            block = block[text:]
        while block:                # a cue, and the cues that start in its block without a blank line before them
            head, in_cue = cue_head(block, fmt, name), True
            text = head + text_before_cue(block[head:])
            parts.append(Part(block[:head], False))
            if text > head:
                parts.append(Part(block[head:text], True))
            block = block[text:]
    return parts


def text_before_cue(lines: list[Line]) -> int:
    """How many of the lines are text before a cue that starts without a blank line before it: at its timing line,
    or at the cue number before that (all of them where no cue starts)."""
    timing = next((k for k, line in enumerate(lines) if "-->" in line.text), len(lines))
    return timing - 1 if 0 < timing < len(lines) and lines[timing - 1].text.strip().isdigit() else timing


def starts_cue(block: list[Line]) -> bool:
    """Whether the block opens with a cue: a timing line, or a line before one (a cue number or identifier); a
    timing line that does not parse counts too (cue_head says what is wrong with it)."""
    return "-->" in block[0].text or len(block) > 1 and "-->" in block[1].text


def cue_head(block: list[Line], fmt: str, name: str) -> int:
    """How many lines a cue has before its text: the timing line, after a cue number (SRT) or identifier (VTT)."""
    first = block[0]
    if TIMING.fullmatch(first.text):
        return 1
    if "-->" in first.text:
        bad = first
    elif fmt == "srt" and first.text.startswith("WEBVTT"):
        raise UserError(f"{name} line {first.number}: {first.text[:60]!r} opens a WebVTT file; give --format vtt")
    elif fmt == "srt" and not first.text.strip().isdigit():
        raise UserError(f"{name} line {first.number}: expected a cue number or a timing line like `{EXAMPLE[fmt]}`, "
                        f"got {first.text[:60]!r}; is it a subtitle file of this format (--format {fmt})?")
    elif len(block) > 1 and TIMING.fullmatch(block[1].text):
        return 2
    elif len(block) == 1 or "-->" not in block[1].text:
        got = f", got {block[1].text[:60]!r}" if len(block) > 1 else ""
        raise UserError(f"{name} line {first.number + 1}: expected the timing line of cue {first.text.strip()[:60]!r}, "
                        f"like `{EXAMPLE[fmt]}`{got}")
    else:
        bad = block[1]
    raise UserError(f"{name} line {bad.number}: the timing line {bad.text[:60]!r} does not parse; write it like "
                    f"`{EXAMPLE[fmt]}`")


def cue_lines(lines: list[Line], pieces: list[Piece], found: list[tuple[Segment, str]]) -> list[Line]:
    """A cue's text lines with each segment's translation (found) in place of its words."""
    texts: list[str | None] = [line.text for line in lines]          # a line with no words stays as written
    for segment, translation in found:
        cut = split_like(translation.strip() or segment.text, [len(pieces[k].words) for k in segment.lines])
        for k, part in zip(segment.lines, cut + [None] * (len(segment.lines) - len(cut))):
            texts[k] = None if part is None else pieces[k].opening + part + pieces[k].closing
    kept = [(text, line) for text, line in zip(texts, lines) if text is not None]
    # a dropped line (a translation of fewer words than lines) must not take the file's last line end with it
    return [Line(text, line.end if n < len(kept) - 1 else lines[-1].end, line.number)
            for n, (text, line) in enumerate(kept)]


def translate_subtitles(content: str, fmt: str, translate: Callable[[list[str], list[int]], list[str]],
                        name: str = "stdin") -> str:
    """A subtitle file's text with every cue translated: translate(texts, their line numbers) is called once, with
    every sentence of every cue (two speakers of one line apart); the rest comes back as it was."""
    bom = "\ufeff" if content.startswith("\ufeff") else ""
    parts = parse(content[len(bom):], fmt, name)
    cues = []
    for part in parts:
        pieces = cue_pieces([line.text for line in part.lines]) if part.translated else []
        cues.append((pieces, segments(pieces)))
    said = [(part.lines[s.lines[0]].number, turns(s.text)) for part, (_, found) in zip(parts, cues) for s in found]
    texts = [text for _, cut in said for text in cut[::2]]          # each speaker's text, apart
    numbers = [number for number, cut in said for _ in cut[::2]]
    translations = iter(translate(texts, numbers) if texts else [])
    cuts = iter(cut for _, cut in said)                              # the segments' cuts, in the order found

    def translated() -> str:      # the next segment's speakers' translations, the dashes between them as written
        return "".join(piece if k % 2 else next(translations) for k, piece in enumerate(next(cuts)))
    out = []
    for part, (pieces, found) in zip(parts, cues):
        lines = cue_lines(part.lines, pieces, [(s, translated()) for s in found]) if part.translated \
            else part.lines
        out += [line.text + line.end for line in lines]
    return bom + "".join(out)


def translations_of(translator: Translator, texts: list[str], numbers: list[int],
                    decode: DecodeConfig) -> list[Translation]:
    """Each text's translation, all sentences decoded together; a warning names the file line a text starts on."""
    splits = [split for text, number in zip(texts, numbers) for split in translator.split([text], number)]
    found = translator.join(splits, translator.translate_sentences(sentences_of(splits), replace(decode, n_best=1)))
    return [n_best[0] for n_best in found]


def translate_texts(translator: Translator, texts: list[str], numbers: list[int], decode: DecodeConfig) -> list[str]:
    """Each text's translated text (translations_of)."""
    return [translation.text for translation in translations_of(translator, texts, numbers, decode)]


class SubtitleNotes(NamedTuple):
    """What translate.py notes on stderr after a subtitle file, as after lines of text: of how many texts."""
    own: int        # sent by --to into the language they are written in (Router.sent_into_their_own)
    low: int        # translated with a low confidence (decoding.confidence.is_low)
    texts: int


def translate_subtitle_file(translator: Router, decode: DecodeConfig, fmt: str, output: str | None) -> SubtitleNotes:
    """translate.py --format srt|vtt: the file on stdin, translated, to stdout or to `output`; -> what its notes
    count."""
    if sys.stdin is None:
        raise UserError(f"stdin is closed; redirect the subtitle file to it: `python translate.py --format {fmt} < "
                        f"in.{fmt}`")
    raw = sys.stdin.buffer.read()
    try:
        content = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        raise UserError(f"stdin line {line} is not valid UTF-8; convert the file, e.g. with `iconv -f cp1252 -t "
                        "utf-8`") from None
    own = low = count = 0

    def translate(texts: list[str], numbers: list[int]) -> list[str]:
        nonlocal own, low, count
        own += translator.sent_into_their_own(texts)
        found = translations_of(translator, texts, numbers, decode)
        low, count = low + sum(is_low(translation.confidence) for translation in found), count + len(found)
        return [translation.text for translation in found]
    result = translate_subtitles(content, fmt, translate).encode("utf-8")
    if output is not None:
        try:
            replace_file(output, result)
        except OSError as e:
            raise UserError(f"cannot write {output} ({e.strerror})") from None
    elif hasattr(sys.stdout, "buffer"):           # bytes as they are: "\r\n" untouched on every platform
        sys.stdout.flush()
        sys.stdout.buffer.write(result)
    else:
        sys.stdout.write(result.decode("utf-8"))
    return SubtitleNotes(own, low, count)


def add_format_flags(parser) -> None:
    """translate.py's --format and --output."""
    parser.add_argument("--format", choices=FORMATS, default="text",
                        help="text: one line a sentence (default); srt, vtt: a subtitle file on stdin, written back "
                        "with each cue's text translated and its numbers, timings and blank lines as they were; "
                        "html, xml: one line a sentence with inline tags and entities, each tag put back around "
                        "the words it enclosed")
    parser.add_argument("--output", default=None, metavar="FILE",
                        help="with --format srt or vtt: write the translated file here (default: stdout)")


def check_format_flags(args) -> None:
    """Refuse, before any work, what a subtitle file has no room for, and an --output that cannot be written."""
    if args.format == "text":
        if args.output is not None:
            raise UserError("--output writes a subtitle file (--format srt or vtt); translated text goes to stdout: "
                            "redirect it, `> FILE`")
        return
    flag = f"--format {args.format}"
    if args.format in ("html", "xml"):
        other = {"--n-best": args.n_best != 1, "--score": args.score is not None, "--json": args.json,
                 "--confidence": args.confidence, "--plot-attention": args.plot_attention is not None,
                 "--output": args.output is not None}
        given = [name for name, on in other.items() if on]
        if given:
            raise UserError(f"{flag} writes one translated line with its tags a line, which has no room for what "
                            f"{given[0]} adds (redirect stdout for a file); drop it")
        return
    if args.sentences:
        raise UserError(f"{flag} translates a subtitle file on stdin (`python translate.py {flag} < "
                        f"in.{args.format}`); drop the sentence arguments")
    other = {"--n-best": args.n_best != 1, "--score": args.score is not None, "--json": args.json,
             "--confidence": args.confidence, "--plot-attention": args.plot_attention is not None}
    given = [name for name, on in other.items() if on]
    if given:
        raise UserError(f"{flag} writes a subtitle file, which has no room for what {given[0]} adds; drop it")
    if args.output is not None:
        check_output(args.output, "--output", [*decode_inputs(args), ("stdin", "/dev/stdin")], args.force)
