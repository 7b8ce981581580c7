"""Translate German to English with a trained checkpoint.

    python translate.py "Ein Mann fährt Fahrrad."             # one or more sentences as arguments
    python translate.py < input.de > output.en               # one output line per input line, in order
    python translate.py --n-best 3 "Zwei Hunde spielen."      # the 3 best hypotheses with their scores
    python translate.py --plot-attention attn.png "Ein Hund rennt."
    python translate.py                                      # in a terminal: each line is translated on Enter
    python translate.py --score refs.en < input.de            # log-probability of given translations
    python translate.py --checkpoint exported/ < input.de     # an export.py directory (CTranslate2)
    python translate.py --checkpoint a.pt,b.pt < input.de     # an ensemble of checkpoints
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from translation.engines import load_translator
from translation.search import Hypothesis
from translation.translator import Translator
from util.checkpoint import latest_checkpoint
from util.cli import import_user_module, pick_device, run_main
from util.errors import UserError
from util.textio import read_text_lines

CHUNK_LINES = 256     # stdin is translated this many lines at a time, so output streams


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sentences", nargs="*", help="German sentences (default: read stdin, one per line)")
    parser.add_argument("--checkpoint", default=None, help="a .pt file, an export.py directory, or a,b.pt for an "
                        "ensemble (default: best.pt of the most recent run in runs/)")
    parser.add_argument("--beam", type=int, default=None, help="beam size (default: the checkpoint's, 5)")
    parser.add_argument("--greedy", action="store_true", help="greedy search (same as --beam 1)")
    parser.add_argument("--length-penalty", type=float, default=None)
    parser.add_argument("--n-best", type=int, default=1, help="print the N best hypotheses with their scores")
    parser.add_argument("--max-len", type=int, default=None, help="most output tokens per sentence")
    parser.add_argument("--plot-attention", default=None, metavar="FILE.png",
                        help="save the cross-attention heatmap of a single sentence")
    parser.add_argument("--score", default=None, metavar="REF_FILE",
                        help="print the log-probability of each line of REF_FILE as the translation of its input line")
    parser.add_argument("--device", default="auto")
    parser.add_argument("--user-module", default=None, help="a .py file to import first (custom attentions)")
    args = parser.parse_args(argv)
    if args.n_best < 1 or (args.beam is not None and args.beam < 1):
        parser.error("--beam and --n-best must be at least 1")
    return args


def decode_config(args, translator: Translator):
    decode = translator.cfg.decode
    if args.greedy:
        decode = replace(decode, beam=1)
    if args.beam is not None:
        decode = replace(decode, beam=args.beam)
    if args.n_best > decode.beam:
        decode = replace(decode, beam=args.n_best)
    if args.length_penalty is not None:
        decode = replace(decode, length_penalty=args.length_penalty)
    if args.max_len is not None:
        decode = replace(decode, max_len_a=0.0, max_len_b=args.max_len)
    return decode


def read_stdin_chunks():
    """Lines of stdin as text, CHUNK_LINES at a time; invalid UTF-8 is a one-line error naming the line."""
    chunk, number = [], 0
    for raw in sys.stdin.buffer:
        number += 1
        try:
            chunk.append(raw.decode("utf-8").rstrip("\r\n"))
        except UnicodeDecodeError:
            if chunk:
                yield chunk               # the lines before the bad one are still translated
            raise UserError(f"stdin line {number} is not valid UTF-8; convert the input, e.g. with "
                            "`iconv -f latin1 -t utf-8`") from None
        if len(chunk) == CHUNK_LINES:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def print_n_best(translator: Translator, texts: list[str], decode, n_best: int) -> None:
    real = [n for n, t in enumerate(texts) if t.strip()]
    found = translator.search(translator.encode_texts([texts[n] for n in real]), decode, n_best=n_best)
    by_line = dict(zip(real, found))
    for n in range(len(texts)):
        for hyp in by_line.get(n, [Hypothesis([], 0.0)]):
            print(f"{n}\t{hyp.score:.4f}\t{translator.ids_to_text(hyp.tokens)}")


def plot_attention(translator: Translator, text: str, decode, path: str) -> None:
    from util.plotting import plot_attention as plot
    attention = translator.attention_map(text, decode)
    plot(attention.weights.numpy(), attention.source, attention.output, path)
    print(f"attention heatmap saved to {path}", file=sys.stderr)


def print_scores(translator: Translator, sources: list[str], references_path: str) -> None:
    """Forced decoding: per line, the log-probability per token, the total, and the number of target units."""
    references = read_text_lines(references_path)
    if len(references) != len(sources):
        raise UserError(f"{references_path} has {len(references)} lines but the input has {len(sources)}; "
                        "--score needs one reference line per input line")
    for score in translator.score(sources, references):
        print(f"{score.normalized:.4f}\t{score.log_prob:.4f}\t{score.tokens}")


def interactive(translator: Translator, decode) -> None:
    """A terminal: translate each line as soon as Enter is pressed (the prompt goes to stderr)."""
    translator.translate(["Hallo Welt."], decode)        # load spaCy and warm the kernels before the prompt
    print(f"translating with {translator.describe()}; type German, Enter translates, Ctrl-D ends",
          file=sys.stderr)
    while True:
        print("> ", end="", file=sys.stderr, flush=True)
        line = sys.stdin.readline()
        if not line:
            print(file=sys.stderr)
            return
        print(translator.translate([line.rstrip("\r\n")], decode)[0], flush=True)


def main(argv) -> int:
    args = parse_args(argv)
    import_user_module(args.user_module)
    translator = load_translator(args.checkpoint or latest_checkpoint(), pick_device(args.device))
    decode = decode_config(args, translator)
    if args.plot_attention:
        if len(args.sentences) != 1:
            raise UserError("--plot-attention takes exactly one sentence argument")
        plot_attention(translator, args.sentences[0], decode, args.plot_attention)
    if args.score:
        sources = args.sentences or [line for chunk in read_stdin_chunks() for line in chunk]
        print_scores(translator, sources, args.score)
        return 0
    if not args.sentences and sys.stdin.isatty():
        interactive(translator, decode)
        return 0
    chunks = [args.sentences] if args.sentences else read_stdin_chunks()
    for texts in chunks:
        if args.n_best > 1:
            print_n_best(translator, texts, decode, args.n_best)
        else:
            for line in translator.translate(texts, decode):
                print(line)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    run_main(main)
