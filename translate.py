"""Translate German and English with a trained checkpoint: a model of both directions writes each line in the other
language of its own (--to auto, the default) or in the language --to names; a model of one direction its one way.

    python translate.py "Ein Mann fährt Fahrrad."             # one or more sentences as arguments
    python translate.py < input.de > output.en               # one output line per input line, in order
    python translate.py --n-best 3 "Zwei Hunde spielen."      # the 3 best translations with their scores
    python translate.py --plot-attention attn.png "Ein Hund rennt."
    python translate.py                                      # in a terminal: each line is translated on Enter
    python translate.py --score refs.en < input.de            # log-probability of given translations
    python translate.py --confidence < input.de               # `confidence<TAB>translation` (--json: JSON lines)
    python translate.py --checkpoint exported/ < input.de     # an export.py directory (CTranslate2)
    python translate.py --checkpoint a.pt,b.pt < input.de     # an ensemble of checkpoints
    python translate.py --info --checkpoint runs/X/best.pt    # its model card: how it was trained, where to trust it
    python translate.py --json < mixed.txt                    # a model of both directions: each line into the other
                                                             # language of its own (--to auto), "from"/"to" a line
    python translate.py --format srt < film.de.srt > film.en.srt   # subtitles (srt, vtt): timings kept, text translated
    python translate.py --format html < page.de > page.en    # lines with inline tags and entities: tags put back
"""
from __future__ import annotations

if __name__ == "__main__":      # first: a Ctrl-C during the imports below (seconds) ends quietly, exit status 130
    from util.interrupt import quiet_while_starting
    from util.threads import share_cores
    quiet_while_starting()
    share_cores()

import decoding.confidence
from decoding.router import AUTO
from decoding.subtitles import add_format_flags
from decoding.translating import check_translate_flags, translate_from_flags
from models.latest_run import latest_checkpoint
from training.card_text import card_text
from cli import CommandParser, add_decode_flags, add_force_flag, import_user_module, run_main


def parse_args(argv):
    parser = CommandParser(__doc__)
    parser.add_argument("sentences", nargs="*", help="sentences to translate (default: read stdin, one per line)")
    add_decode_flags(parser, to=AUTO)
    parser.add_argument("--n-best", type=int, default=1, help="print the N best translations with their scores (each text once: up to N)")
    parser.add_argument("--plot-attention", default=None, metavar="FILE.png",
                        help="save the cross-attention heatmap of a single sentence")
    add_force_flag(parser)
    parser.add_argument("--score", default=None, metavar="REF_FILE",
                        help="print the log-probability of each line of REF_FILE as the translation of its input "
                        "line (a pair with an empty side prints 0.0000 0.0000 0; one with a piece no training "
                        "target used, -inf: the model cannot write it)")
    parser.add_argument("--confidence", action="store_true",
                        help="print each translation's confidence first, `0.830<TAB>translation` (0 to 1: the "
                        "geometric mean probability of its tokens; under "
                        f"{decoding.confidence.LOW} the line is unlike the training data); with --score, a fourth "
                        "column")
    parser.add_argument("--json", action="store_true", help="one JSON object per input line: translation, "
                        "confidence, and with --n-best the scored list")
    parser.add_argument("--info", action="store_true", help="print the checkpoint's model card (how it was trained, "
                        "its val BLEU, what it is good at and where to distrust it) and translate nothing")
    add_format_flags(parser)
    args = parser.parse_args(argv)
    check_translate_flags(args)
    return args


def main(argv) -> int:
    args = parse_args(argv)
    if args.info:
        import_user_module(args.user_module)
        print(card_text(args.checkpoint or latest_checkpoint()), end="")
        return 0
    return translate_from_flags(args)


if __name__ == "__main__":
    run_main(main)
