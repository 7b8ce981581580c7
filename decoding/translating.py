"""What translate.py does with its flags: lines from its arguments or stdin (in chunks, so output streams) to stdout,
as plain lines, n-best rows or JSON objects; --score's forced decoding, --plot-attention's heatmap, the terminal's
line-by-line mode, and a note on stderr where translations have a low confidence."""
from __future__ import annotations

import functools
import importlib
import itertools
import json
import sys

import decoding.confidence
from decoding.confidence import confidence, is_low
from decoding.load import check_output, decode_inputs, open_translator
from decoding.markup import FORMATS as MARKUP_FORMATS, translate_marked
from decoding.router import AUTO, Router
from decoding.subtitles import check_format_flags, translate_subtitle_file
from decoding.translations import Translation
from data.subwords import WORD_START
from data.tokenizer import JOINER
from cli import check_decode_flags, check_given, decode_from_flags
from util.errors import UserError
from util.languages import language_name
from util.textio import line_text, read_lines, read_text_lines

CHUNK_LINES = 256     # stdin is translated this many lines at a time, so output streams
UNLIKE = "unlike what the model was trained on"


def check_translate_flags(args) -> None:
    """Refuse flags that cannot go together, or would do nothing, before any checkpoint is loaded."""
    check_decode_flags(args)
    check_given(args, "--score")
    check_format_flags(args)
    if args.json and args.score:
        raise UserError("--json prints translations and --score prints scores; leave out one of them")
    if args.score is not None:
        search = {"--n-best": args.n_best != 1, "--beam": args.beam is not None, "--greedy": args.greedy,
                  "--length-penalty": args.length_penalty is not None, "--max-len": args.max_len is not None,
                  "--no-repeat-ngram": args.no_repeat_ngram is not None}
        given = [flag for flag, on in search.items() if on]
        if given:
            raise UserError(f"--score gives the log-probability of the translations in {args.score} and searches "
                            f"for none, so {given[0]} would do nothing there; drop it")
    if args.plot_attention is not None:      # "" too: refused by check_output, not ignored
        if len(args.sentences) != 1:
            raise UserError("--plot-attention takes exactly one sentence argument")
        check_output(args.plot_attention, "--plot-attention", [*decode_inputs(args), ("--score", args.score)],
                     args.force)


def read_stdin_chunks():
    """(number of the chunk's first line, its lines as text), CHUNK_LINES at a time; a line that is not UTF-8 or has
    no end (util.textio.read_lines) is a one-line error naming it, after the lines before it."""
    if sys.stdin is None:
        raise UserError("stdin is closed; give the sentences as arguments or redirect a file to stdin")
    chunk, number = [], 0
    try:
        for line in read_lines(sys.stdin.buffer, "stdin"):
            number += 1
            chunk.append(line)
            if len(chunk) == CHUNK_LINES:
                yield number - len(chunk) + 1, chunk
                chunk = []
    except UserError:
        if chunk:
            yield number - len(chunk) + 1, chunk     # the lines before the bad one are still translated
        raise
    if chunk:
        yield number - len(chunk) + 1, chunk


def rows(found: list[list[Translation]], first_line: int, args) -> str:
    """What is printed for translated lines (each an n-best list): a JSON object a line with --json; with --n-best
    rows `index<TAB>score<TAB>text`, the index counting input lines from 0 across the whole input; else the best
    translation a line; --confidence puts the confidence before the text."""
    out = []
    for n, translations in enumerate(found):
        if args.json:
            best = translations[0]
            row = {"translation": best.text, "confidence": best.confidence, "from": best.src_lang, "to": best.tgt_lang}
            if args.n_best > 1:
                row["n_best"] = [{"text": t.text, "score": round(t.score, 4), "confidence": t.confidence}
                                 for t in translations]
            out.append(json.dumps(row, ensure_ascii=False))
            continue
        for translation in translations[:args.n_best]:
            trust = f"{translation.confidence:.3f}\t" if args.confidence else ""
            index = f"{first_line - 1 + n}\t{translation.score:.4f}\t" if args.n_best > 1 else ""
            out.append(index + trust + translation.text)
    return "".join(line + "\n" for line in out)


def low_lines(found: list[list[Translation]]) -> int:
    """How many of the translated lines the model was unsure of (confidence under LOW)."""
    return sum(is_low(translations[0].confidence) for translations in found)


def notes_low(args) -> bool:
    """Whether stderr notes low confidences: not where each line's confidence is printed already."""
    return not (args.confidence or args.json)


def low_note(low: int, lines: int, hint: bool = True) -> str:
    """What stderr says after a run where some translations have a low confidence (stdout keeps one line a line);
    hint: where --confidence may be given, that it prints each line's."""
    under = f"a confidence under {decoding.confidence.LOW}"
    if lines == 1:
        return f"note: the translation has {under}: the line is {UNLIKE}, so the translation is likely wrong"
    return (f"note: {low} of {lines} translations have {under}: their lines are {UNLIKE}, so they are likely wrong" +
            (" (--confidence prints each line's)" if hint else ""))


def own_language_note(own: int, router: Router, lines: str = "", setting=lambda to: f"--to {to}") -> str:
    """What stderr says where --to sent lines into the language they are written in already (`lines`: how they are
    named, "1 line reads" by default; `setting`: how a "to" is named, `--to de` by default, the server's answer
    names its request field)."""
    lines = lines or ("1 line reads" if own == 1 else f"{own} lines read")
    written, other = (language_name(lang) for lang in (router.to, *(lang for lang in router.ways if lang != router.to)))
    return (f"{lines} as {written} already, the language {setting(router.to)} writes; "
            f"{'it' if own == 1 else 'each'} was read as {other} all the same ({setting(AUTO)} sends each line into "
            "the other language of its own)")


def plot_attention(translator: Router, text: str, decode, path: str) -> None:
    from util.plotting import plot_attention as plot
    attention = translator.attention_map(text, decode)
    if not attention.output:       # an empty line, or one without words: its own translation, no model read it
        print(f"note: no heatmap: nothing in {text!r} was translated by the model; {path} is not written",
              file=sys.stderr)
        return
    # the word-start mark and the joiner have no glyph in matplotlib's fonts (a warning per label, a box drawn): as
    # the web page, labels without them ("▁￭." is ".")
    source, output = ([t.removeprefix(WORD_START).removeprefix(JOINER) for t in tokens]
                      for tokens in (attention.source, attention.output))
    try:
        plot(attention.weights.numpy(), source, output, path)
    except OSError as e:
        raise UserError(f"cannot write the heatmap to {path} ({e.strerror})") from None
    except ValueError as e:     # matplotlib: "Format 'txt' is not supported (supported formats: ...)"
        raise UserError(f"cannot write the heatmap to {path}: {str(e).splitlines()[0]}; name a .png, .svg or .pdf "
                        "file") from None
    print(f"attention heatmap saved to {path}", file=sys.stderr)


def print_scores(translator: Router, sources: list[str], references_path: str,
                 with_confidence: bool = False) -> None:
    """Forced decoding: per line, the log-probability per token, the total, the number of target units, and with
    with_confidence the confidence the given translation would have (exp of the first column)."""
    references = read_text_lines(references_path)
    if len(references) != len(sources):
        raise UserError(f"{references_path} has {len(references)} lines but the input has {len(sources)}; "
                        "--score needs one reference line per input line")
    for score in translator.score(sources, references):
        trust = f"\t{confidence(score.normalized):.3f}" if with_confidence else ""
        print(f"{score.normalized:.4f}\t{score.log_prob:.4f}\t{score.tokens}{trust}")


def terminal_line(prompt: str = "> ") -> str | None:
    """The next line typed after `prompt`, without its line end; None at Ctrl-D. Where stdin and stdout are both the
    terminal, input() reads it with line editing (arrow keys, Home/End, history: the readline module), which a plain
    read leaves to the terminal, so an arrow key typed its escape code into the text. Elsewhere (stdout to a file)
    the prompt goes to stderr and the line is read as bytes where stdin has them. Either way a line that is not UTF-8
    raises UnicodeDecodeError, whatever the locale's error handler (which could pass it on as surrogates the
    tokenizer fails on)."""
    if line_editing():
        try:
            line = input(prompt)
        except EOFError:
            return None
        try:
            line.encode("utf-8")
        except UnicodeEncodeError:           # the C locale's surrogateescape: the bytes were not UTF-8
            raise UnicodeDecodeError("utf-8", b"", 0, 1, "the line is not UTF-8") from None
        return line
    print(prompt, end="", file=sys.stderr, flush=True)
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:          # a text stream
        line = sys.stdin.readline()
        return line.rstrip("\r\n") if line else None
    raw = buffer.readline()
    return line_text(raw) if raw else None


def line_editing() -> bool:
    """Whether input() edits the typed line: stdin and stdout are the terminal (input() writes its prompt to
    stdout, which must not reach a file of translations), and the readline module loads (not on every system)."""
    if sys.stdin is None or sys.stdout is None or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    return readline_ready()


@functools.cache
def readline_ready() -> bool:
    """Load and set up the readline module once a process (loaded, it gives input() line editing); False where
    there is none."""
    try:
        readline = importlib.import_module("readline")
    except ImportError:
        return False
    for setting in ("input-meta on", "convert-meta off", "output-meta on"):   # a byte over 127 is text, not Meta:
        readline.parse_and_bind(f"set {setting}")        # a line that is not UTF-8 reaches the check, not mangled
    return True


def interactive(translator: Router, decode, args) -> None:
    """A terminal: translate each line as soon as Enter is pressed (the prompt goes to stderr)."""
    translator.translate(["Hallo Welt."], decode)        # load spaCy and warm the kernels before the prompt
    print(f"translating {translator.direction()} with {translator.describe()}; type a sentence, Enter "
          "translates, Ctrl-D ends",
          file=sys.stderr)
    for number in itertools.count(1):      # --n-best's index counts the lines typed, as it counts a file's
        try:
            line = terminal_line()
        except UnicodeDecodeError:      # a terminal set to Latin-1: an empty line (stdout keeps one line a line), a
            sys.stdout.write("\n")      # note, and the session goes on
            sys.stdout.flush()
            print("  (this line is not UTF-8, so it was not translated; set the terminal to UTF-8 and type it "
                  "again)", file=sys.stderr)
            continue
        if line is None:
            print(file=sys.stderr)
            return
        if args.format in MARKUP_FORMATS:          # the line with its tags put back, as a file's lines are
            marked = translate_marked(translator, [line], args.format, decode, number)
            sys.stdout.write(marked.lines[0] + "\n")
            found, own = marked.found, marked.own
        else:
            found = translator.translate_n_best([line], decode)
            sys.stdout.write(rows(found, number, args))
            own = translator.sent_into_their_own([line])
        sys.stdout.flush()
        if own:
            print(f"  ({own_language_note(1, translator, 'this line reads')})", file=sys.stderr)
        if low_lines(found) and notes_low(args):
            print(f"  (confidence {found[0][0].confidence:.2f}: this line is {UNLIKE}, so the translation is likely "
                  "wrong)", file=sys.stderr)


def translate_from_flags(args) -> int:
    """translate.py's run once its flags are parsed and checked: -> the exit status."""
    translator = open_translator(args).router
    if translator.note():
        print(translator.note(), file=sys.stderr)
    decode = decode_from_flags(args, translator.cfg.decode)
    typed = not args.sentences and sys.stdin is not None and sys.stdin.isatty()     # a terminal: line by line
    if args.format not in ("text", *MARKUP_FORMATS):
        if typed:
            print(f"reading a subtitle file from the terminal until Ctrl-D; redirect one instead: `< in.{args.format}`",
                  file=sys.stderr)
        notes = translate_subtitle_file(translator, decode, args.format, args.output)
        if notes.low:                           # no --confidence here: a subtitle file has no room for it
            print(low_note(notes.low, notes.texts, hint=False), file=sys.stderr)
        if notes.own:
            print(f"note: {own_language_note(notes.own, translator)}", file=sys.stderr)
        return 0
    if args.plot_attention:
        plot_attention(translator, args.sentences[0], decode, args.plot_attention)
    if args.score:
        if typed:
            print("reading the source lines of --score from the terminal, one a line, until Ctrl-D; or redirect a "
                  "file: `< input.de`", file=sys.stderr)
        sources = args.sentences or [line for _, chunk in read_stdin_chunks() for line in chunk]
        print_scores(translator, sources, args.score, args.confidence)
        return 0
    if typed:
        interactive(translator, decode, args)
        return 0
    chunks = [(1, args.sentences)] if args.sentences else read_stdin_chunks()
    low = lines = own = 0
    for first_line, texts in chunks:
        if args.format in MARKUP_FORMATS:       # each line with its tags put back; the notes of their text
            marked = translate_marked(translator, texts, args.format, decode, first_line)
            found, out = marked.found, "".join(line + "\n" for line in marked.lines)
            own += marked.own
        else:
            own += translator.sent_into_their_own(texts)
            found = translator.translate_n_best(texts, decode, first_line)
            out = rows(found, first_line, args)
        sys.stdout.write(out)           # one write a chunk: a Ctrl-C (cli.run_main) leaves whole lines only
        sys.stdout.flush()
        low, lines = low + low_lines(found), lines + len(found)
    if low and notes_low(args):
        print(low_note(low, lines), file=sys.stderr)
    if own:
        print(f"note: {own_language_note(own, translator)}", file=sys.stderr)
    return 0
