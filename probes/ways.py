"""What the probes of formats and directions share: the model's router opened from the common flags, the ways it
translates (a German line toward English, an English line toward German), and a probe's shares as ledger records.

    router = open_router(args)                 # --checkpoint, --device, --user-module
    for source, target in ways(router): ...    # ("de", "en"), ("en", "de") for a model of both directions
    record_shares("python -m probes.markup", args, {"tags right": (38, 42)}, "de-en")
"""
from __future__ import annotations

import argparse
import shlex

from cli import CommandParser, add_decode_flags, check_decode_flags, decode_from_flags
from util.ledger import Record, append, ledger_path


def probe_parser(prog: str, doc: str) -> CommandParser:
    """The flags every such probe takes: the common decoding flags, --show-failures and --record."""
    parser = CommandParser(prog=prog, description=doc)
    add_decode_flags(parser)
    parser.add_argument("--show-failures", action="store_true", help="list what went wrong, line by line")
    parser.add_argument("--record", action="store_true", help="add the shares to the results ledger "
                        "(results/ledger.jsonl, or $EINSUM_NMT_LEDGER)")
    return parser


def parse_probe_args(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """The flags parsed and checked; args.argv keeps them as given, for the ledger's command."""
    args = parser.parse_args(argv)
    args.argv = list(argv)
    check_decode_flags(args)
    return args


def open_router(args):
    """The model of --checkpoint (default: the newest run's best.pt) on --device, as a Router of all its ways, opened
    as the commands open it (decoding/load.py: --user-module, --to, --glossary too); args.checkpoint names it."""
    from decoding.load import open_translator           # here, so a probe's scoring needs no model
    opened = open_translator(args)
    args.checkpoint = str(opened.checkpoint)
    return opened.router


def ways(router) -> list[tuple[str, str]]:
    """(source language, target language) of each way the model translates, German first."""
    return sorted(router.reads.items())


def record_shares(prog: str, args, shares: dict[str, tuple[int, int]], direction: str) -> None:
    """Each share (part, whole) as a ledger record of topic "probes": `split` names it, with the model's recipe."""
    from decoding.evaluation import model_fields, search_settings, trained_models
    from decoding.load import checkpoint_paths
    command = " ".join([prog, *map(shlex.quote, args.argv)])
    models = trained_models(checkpoint_paths(args.checkpoint))
    decode = decode_from_flags(args, models[0].cfg.decode)          # the search the lines were translated with
    common = dict(topic="probes", metric="share", direction=direction, command=command,
                  **model_fields(models, decode.beam, decode.rerank, search_settings(decode, args.glossary)))
    for split, (part, whole) in shares.items():
        append(Record(split=split, value=round(part / max(whole, 1), 4), **common))
    print(f"recorded {len(shares)} shares in {ledger_path()}; `python -m results --write` regenerates the tables")
