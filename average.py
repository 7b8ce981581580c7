"""Average the weights of checkpoints of one model (as train.py's --train.average_last does at the end).

    python average.py runs/<run>/epoch8.pt runs/<run>/epoch9.pt runs/<run>/epoch10.pt --out averaged.pt

The result holds weights, config and vocabularies only (no optimizer state); translate.py and evaluate.py take it.
"""
from __future__ import annotations

if __name__ == "__main__":      # first: a Ctrl-C during the imports below (seconds) ends quietly, exit status 130
    from util.interrupt import quiet_while_starting
    from util.threads import share_cores
    quiet_while_starting()
    share_cores()


from decoding.load import check_same_vocabularies
from models.checkpoint import average_checkpoints, load_checkpoint, save_checkpoint
from util.cli import CommandParser, run_main
from util.errors import UserError
from util.textio import check_output_path


def main(argv) -> int:
    parser = CommandParser(__doc__)
    parser.add_argument("checkpoints", nargs="+")
    parser.add_argument("--out", required=True, help="the averaged checkpoint to write")
    args = parser.parse_args(argv)
    if len(args.checkpoints) < 2:
        raise UserError("give at least two checkpoints to average")
    check_output_path(args.out, "--out", [("the input", path) for path in args.checkpoints])
    checkpoints = [load_checkpoint(path).raw for path in args.checkpoints]
    check_same_vocabularies(args.checkpoints, checkpoints, "average")
    first = checkpoints[0]
    for path, ckpt in zip(args.checkpoints[1:], checkpoints[1:]):
        if ckpt["config"]["model"] != first["config"]["model"]:
            raise UserError(f"cannot average {args.checkpoints[0]} and {path}: their model configs differ")
    save_checkpoint(args.out, model_state=average_checkpoints(args.checkpoints), config=first["config"],
                    src_vocab=first["src_vocab"], tgt_vocab=first["tgt_vocab"], subwords=first.get("subwords"))
    print(f"averaged {len(args.checkpoints)} checkpoints into {args.out}")
    return 0


if __name__ == "__main__":
    run_main(main)
