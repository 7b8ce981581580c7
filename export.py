"""Export a checkpoint to CTranslate2, the fast CPU/GPU inference engine (int8 by default).

    python export.py runs/<run>/best.pt exported/                      # int8 weights
    python export.py runs/<run>/best.pt exported-f32/ --quantization float32
    python translate.py --checkpoint exported/ "Ein Hund rennt."        # the same options as with a .pt file

Needs `pip install ctranslate2`. Models CTranslate2 cannot represent (concatenated positions, square, linear or
user attentions) are refused with the setting that blocks them.
"""
from __future__ import annotations

if __name__ == "__main__":      # first: a Ctrl-C during the imports below (seconds) ends quietly, exit status 130
    from util.interrupt import quiet_while_starting
    from util.threads import share_cores
    quiet_while_starting()
    share_cores()


from exporting.ct2 import QUANTIZATIONS, export_checkpoint
from cli import CommandParser, add_user_module_flag, check_given, import_user_module, run_main


def main(argv) -> int:
    parser = CommandParser(__doc__)
    parser.add_argument("checkpoint")
    parser.add_argument("out_dir")
    parser.add_argument("--quantization", default="int8", choices=QUANTIZATIONS)
    parser.add_argument("--force", action="store_true", help="replace an earlier export in OUT_DIR")
    add_user_module_flag(parser)
    args = parser.parse_args(argv)
    check_given(args, "checkpoint", "out_dir", "--user-module")
    import_user_module(args.user_module)
    out = export_checkpoint(args.checkpoint, args.out_dir, args.quantization, force=args.force)
    size = sum(f.stat().st_size for f in out.iterdir()) / 2 ** 20
    print(f"exported {args.checkpoint} to {out} ({args.quantization}, {size:.1f} MiB); "
          f"use it with: python translate.py --checkpoint {out}")
    return 0


if __name__ == "__main__":
    run_main(main)
