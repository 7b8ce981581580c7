"""Translate German to English with a trained checkpoint.

    python translate.py "Ein Mann fährt Fahrrad."             # one or more sentences as arguments
    python translate.py < input.de > output.en               # one output line per input line, in order
    python translate.py --n-best 3 "Zwei Hunde spielen."      # the 3 best hypotheses with their scores
    python translate.py --plot-attention attn.png "Ein Hund rennt."
"""
from __future__ import annotations

import argparse
import sys

from translation.search import Hypothesis
from translation.translator import Translator
from util.checkpoint import latest_checkpoint
from util.cli import add_decode_flags, check_decode_flags, decode_from_flags, import_user_module, pick_device, run_main
from util.errors import UserError
from util.textio import check_output_path

CHUNK_LINES = 256     # stdin is translated this many lines at a time, so output streams


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sentences", nargs="*", help="German sentences (default: read stdin, one per line)")
    add_decode_flags(parser)
    parser.add_argument("--n-best", type=int, default=1, help="print the N best hypotheses with their scores")
    parser.add_argument("--plot-attention", default=None, metavar="FILE.png",
                        help="save the cross-attention heatmap of a single sentence")
    args = parser.parse_args(argv)
    check_decode_flags(args)
    if args.n_best < 1:
        raise UserError(f"--n-best {args.n_best} must be at least 1")
    if args.plot_attention:
        if len(args.sentences) != 1:
            raise UserError("--plot-attention takes exactly one sentence argument")
        check_output_path(args.plot_attention, "--plot-attention")
    return args


def read_stdin_chunks():
    """(number of the chunk's first line, its lines as text), CHUNK_LINES lines at a time; invalid UTF-8 is a
    one-line error naming the line."""
    if sys.stdin is None:
        raise UserError("stdin is closed; give the sentences as arguments or redirect a file to stdin")
    chunk, number = [], 0
    for raw in sys.stdin.buffer:
        number += 1
        try:
            chunk.append(raw.decode("utf-8").rstrip("\r\n"))
        except UnicodeDecodeError:
            if chunk:
                yield number - len(chunk), chunk     # the lines before the bad one are still translated
            raise UserError(f"stdin line {number} is not valid UTF-8; convert the input, e.g. with "
                            "`iconv -f latin1 -t utf-8`") from None
        if len(chunk) == CHUNK_LINES:
            yield number - len(chunk) + 1, chunk
            chunk = []
    if chunk:
        yield number - len(chunk) + 1, chunk


def print_n_best(translator: Translator, texts: list[str], decode, n_best: int, first_line: int) -> None:
    """Rows `index<TAB>score<TAB>text`; the index counts input lines from 0 across the whole input."""
    real = [n for n, t in enumerate(texts) if t.strip()]
    ids = translator.encode_texts([texts[n] for n in real], [first_line + n for n in real])
    by_line = dict(zip(real, translator.search(ids, decode, n_best=n_best)))
    for n in range(len(texts)):
        for hyp in by_line.get(n, [Hypothesis([], 0.0)]):
            print(f"{first_line - 1 + n}\t{hyp.score:.4f}\t{translator.ids_to_text(hyp.tokens)}")


def plot_attention(translator: Translator, text: str, decode, path: str) -> None:
    from util.plotting import plot_attention as plot
    attention = translator.attention_map(text, decode)
    try:
        plot(attention.weights.numpy(), attention.source, attention.output, path)
    except OSError as e:
        raise UserError(f"cannot write the heatmap to {path} ({e.strerror})") from None
    print(f"attention heatmap saved to {path}", file=sys.stderr)


def main(argv) -> int:
    args = parse_args(argv)
    import_user_module(args.user_module)
    device = pick_device(args.device, "--device")
    translator = Translator.from_checkpoint(args.checkpoint or latest_checkpoint(), device)
    decode = decode_from_flags(args, translator.cfg.decode, args.n_best)
    if args.plot_attention:
        plot_attention(translator, args.sentences[0], decode, args.plot_attention)
    chunks = [(1, args.sentences)] if args.sentences else read_stdin_chunks()
    for first_line, texts in chunks:
        if args.n_best > 1:
            print_n_best(translator, texts, decode, args.n_best, first_line)
        else:
            for line in translator.translate(texts, decode, first_line):
                print(line)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    run_main(main)
