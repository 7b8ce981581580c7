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

from serving.server import check_serve_flags, serve_from_flags
from decoding.router import AUTO
from config import DEVICE_FORMS
from cli import CommandParser, add_to_flag, add_user_module_flag, run_main


def parse_args(argv):
    parser = CommandParser(__doc__)
    parser.add_argument("--checkpoint", default=None, help="default: best.pt of the most recent run in runs/")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default: this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument("--device", default="auto", help=DEVICE_FORMS)
    parser.add_argument("--threads", type=int, default=0, help="torch CPU threads; 0 = torch's default")
    parser.add_argument("--max-batch-wait-ms", type=float, default=5.0,
                        help="how long the first request of a batch waits for others (default 5)")
    parser.add_argument("--no-batching", action="store_true", help="decode one request at a time (for comparison)")
    parser.add_argument("--max-sentences", type=int, default=64, help="texts per request (default 64)")
    parser.add_argument("--max-chars", type=int, default=1000, help="characters per text (default 1000)")
    parser.add_argument("--max-beam", type=int, default=16, help="largest beam and n_best (default 16)")
    parser.add_argument("--max-body-kb", type=int, default=1024, help="request body limit in KiB (default 1024)")
    parser.add_argument("--access-log", action="store_true", help="log every request")
    add_to_flag(parser, AUTO)       # a request's own "to" overrides it
    parser.add_argument("--glossary", default=None, metavar="TSV", help="`source term<TAB>target term` lines applied "
                        "to every request (a request's own \"glossary\" adds to it)")
    add_user_module_flag(parser)
    args = parser.parse_args(argv)
    check_serve_flags(args)
    return args


def main(argv) -> int:
    return serve_from_flags(parse_args(argv))


if __name__ == "__main__":
    run_main(main)
