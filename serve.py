"""Serve translations over HTTP, with a web page: run it, then open http://127.0.0.1:8000/.

    python serve.py                                        # best.pt of the most recent run in runs/
    python serve.py --checkpoint runs/<run>/best.pt --port 8000
    curl -s 127.0.0.1:8000/translate -H 'content-type: application/json' -d '{"text": "Ein Hund rennt."}'
    curl -s 127.0.0.1:8000/translate -H 'content-type: application/json' -d '{"text": "A dog runs.", "to": "auto"}'

Endpoints: GET / (the page), GET /health, POST /translate, POST /attention (HEAD too on the GET ones). Concurrent
requests are decoded together (collected for --max-batch-wait-ms); the work of a client that disconnects stops at the
next slice. FastAPI and uvicorn are optional: pip install -r requirements-extras.txt
"""

if __name__ == "__main__":      # first: a Ctrl-C during the imports below (seconds) ends quietly, exit status 130
    from util.interrupt import quiet_while_starting
    from util.threads import share_cores
    quiet_while_starting()
    share_cores()

import socket
import sys

from serving.app import create_app, require_server_packages
from serving.payloads import Limits, TranslateRequest, Work
from serving.service import TranslationService
from decoding.router import AUTO
from config import DEVICE_FORMS, MAX_BEAM, is_device_name
from cli import CommandParser, add_to_flag, add_user_module_flag, check_range, check_threads, run_main
from util.errors import UserError

MAX_WAIT_MS = 10_000       # longer, and a lone request waits that long for company


def parse_args(argv):
    parser = CommandParser(__doc__)
    parser.add_argument("--checkpoint", default=None, help="default: best.pt of the most recent run in runs/")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default: this machine only)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--device", default="auto", help=DEVICE_FORMS)
    parser.add_argument("--threads", type=int, default=0, help="torch CPU threads; 0 = torch's default")
    parser.add_argument("--max-batch-wait-ms", type=float, default=5.0,
                        help="how long the first request of a batch waits for others (default 5)")
    parser.add_argument("--no-batching", action="store_true", help="decode one request at a time (for comparison)")
    parser.add_argument("--max-sentences", type=int, default=64, help="sentences per request (default 64)")
    parser.add_argument("--max-chars", type=int, default=1000, help="characters per sentence (default 1000)")
    parser.add_argument("--max-beam", type=int, default=16, help="largest beam and n_best (default 16)")
    parser.add_argument("--max-body-kb", type=int, default=1024, help="request body limit in KiB (default 1024)")
    parser.add_argument("--access-log", action="store_true", help="log every request")
    add_to_flag(parser, AUTO)       # a request's own "to" overrides it
    parser.add_argument("--glossary", default=None, metavar="TSV", help="`source term<TAB>target term` lines applied "
                        "to every request (a request's own \"glossary\" adds to it)")
    add_user_module_flag(parser)
    args = parser.parse_args(argv)
    for name, high in (("max_sentences", 10_000), ("max_chars", 100_000), ("max_beam", MAX_BEAM),
                       ("max_body_kb", 1 << 20)):
        check_range(f"--{name.replace('_', '-')}", getattr(args, name), 1, high)
    check_range("--port", args.port, 0, 65535)
    check_threads("--threads", args.threads)
    check_range("--max-batch-wait-ms", args.max_batch_wait_ms, 0, MAX_WAIT_MS)
    if not is_device_name(args.device):
        raise UserError(f"--device={args.device} is not a device; use {DEVICE_FORMS}")
    return args


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound and listening on host:port, so an address in use is one line before anything is printed."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(address)
            sock.listen(2048)
        except OSError:
            sock.close()
            raise
    except OSError as e:
        raise UserError(f"cannot listen on {host}:{port} ({e.strerror or e}); is another server using it? choose "
                        "another --port (or --host)") from None
    return sock


def main(argv) -> int:
    args = parse_args(argv)
    require_server_packages()
    import torch
    import uvicorn

    from decoding.load import open_translator

    sock = listening_socket(args.host, args.port)       # an address in use is refused before the model loads
    try:
        if args.threads:
            torch.set_num_threads(args.threads)
        opened = open_translator(args)
        router = opened.router
        limits = Limits(args.max_sentences, args.max_chars, max(args.max_beam, router.cfg.decode.beam),
                        args.max_body_kb * 1024)
        service = TranslationService(router, checkpoint=str(opened.checkpoint), max_wait_ms=args.max_batch_wait_ms,
                                     batching=not args.no_batching)
        if router.note():
            print(router.note(), file=sys.stderr)
        service.translate(TranslateRequest(["Ein Hund."], True, Work(service.defaults)))   # load the tokenizers now
        host, port = sock.getsockname()[:2]
        mode = "off" if args.no_batching else f"{args.max_batch_wait_ms:g} ms"
        print(f"serving {opened.checkpoint} ({router.engine.name}, {router.direction()}) on "
              f"http://{host}:{port}/ (batching: {mode})",
              file=sys.stderr, flush=True)
        server = uvicorn.Server(uvicorn.Config(create_app(service, limits), log_level="warning",
                                               access_log=args.access_log))
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0


if __name__ == "__main__":
    run_main(main)
