"""Serve translations over HTTP, with a web page: run it, then open http://127.0.0.1:8000/.

    python serve.py                                        # best.pt of the most recent run in runs/
    python serve.py --checkpoint runs/<run>/best.pt --port 8000
    curl -s 127.0.0.1:8000/translate -H 'content-type: application/json' -d '{"text": "Ein Hund rennt."}'

Endpoints: GET / (the page), GET /health, POST /translate, POST /attention (HEAD too on the GET ones). Concurrent
requests are decoded together (collected for --max-batch-wait-ms); the work of a client that disconnects stops at the
next slice. FastAPI and uvicorn are optional: pip install -r requirements-extras.txt
"""

if __name__ == "__main__":      # first: a Ctrl-C during the imports below (seconds) ends quietly, exit status 130
    from util.interrupt import quiet_while_starting
    from util.threads import share_cores
    quiet_while_starting()
    share_cores()

import asyncio
import contextlib
import dataclasses
import socket
import sys
from concurrent.futures import Future
from pathlib import Path

from serving.batching_queue import QueueFull
from serving.payloads import (BadRequest, Limits, TranslateRequest, Work, parse_attention, parse_json,
                              parse_translate, translation_body)
from serving.service import TranslationService
from models.checkpoint import latest_checkpoint
from config import DEVICE_FORMS, MAX_BEAM, is_device_name
from util.textio import read_glossary
from util.cli import (CommandParser, add_user_module_flag, check_range, check_threads, import_user_module, pick_device,
                      run_main)
from util.errors import UserError

PAGE = Path(__file__).resolve().parent / "web/index.html"
# the page is self-contained: it may talk to this server and nothing else
PAGE_POLICY = ("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; "
               "img-src data:; base-uri 'none'; form-action 'none'")
ENDPOINTS = "GET /, GET /health, POST /translate, POST /attention"
DRAIN_BYTES = 64 << 20     # an over-limit body up to this much larger is read before the 413 (see read_body)
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


def require_server_packages() -> None:
    for name in ("fastapi", "uvicorn"):
        try:
            __import__(name)
        except ImportError:
            raise UserError(f"serve.py needs {name}, which is not installed: pip install -r requirements-extras.txt") \
                from None


async def read_body(request, limit: int) -> bytes:
    """The body, up to `limit` bytes. A larger one is refused (413) after reading it to its end, up to DRAIN_BYTES
    more, so a client still sending gets the answer rather than a reset connection; a client that disconnects
    mid-body gets nothing and leaves no traceback."""
    from starlette.requests import ClientDisconnect

    declared = request.headers.get("content-length", "")
    too_large = f"the limit is {limit} bytes; send fewer or shorter sentences"
    refusal = f"request body of {declared} bytes refused: {too_large}" if declared.isdigit() and \
        int(declared) > limit else None
    if refusal and int(declared) > limit + DRAIN_BYTES:
        raise BadRequest(413, refusal)               # too much to drain: refused unread
    body, seen = bytearray(), 0
    try:
        async for chunk in request.stream():
            seen += len(chunk)
            if refusal is None:
                body += chunk
                if len(body) > limit:
                    refusal = f"request body refused after {len(body)} bytes: {too_large}"
            if refusal and seen > limit + DRAIN_BYTES:
                break
    except ClientDisconnect:
        raise BadRequest(400, "the client disconnected before the body ended") from None
    if refusal:
        raise BadRequest(413, refusal)
    return bytes(body)


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


class ClientGone(Exception):
    """The client disconnected before its answer was ready; nobody reads a response."""


async def client_gone(request) -> None:
    """Returns once the client disconnects (its body has been read: what arrives now can only be the disconnect)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


async def answer_unless_gone(request, work: Future):
    """The result of `work`; if the client disconnects first, `work` is cancelled, so the batcher drops its slices
    not yet decoded, and ClientGone is raised."""
    answer, gone = asyncio.wrap_future(work), asyncio.ensure_future(client_gone(request))
    try:
        await asyncio.wait((answer, gone), return_when=asyncio.FIRST_COMPLETED)
    finally:
        gone.cancel()
    if not answer.done():
        work.cancel()
        answer.cancel()
        raise ClientGone
    return answer.result()


def create_app(service: TranslationService, limits: Limits = Limits()):
    """The FastAPI app around a service; it closes the service when the server stops."""
    require_server_packages()
    from fastapi import FastAPI, Request
    from fastapi.responses import HTMLResponse, JSONResponse, Response
    from starlette.exceptions import HTTPException

    page = PAGE.read_text(encoding="utf-8")

    @contextlib.asynccontextmanager
    async def lifespan(_app):
        yield
        service.close()

    app = FastAPI(title="einsum-nmt", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)

    def error(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    @app.exception_handler(BadRequest)
    async def bad_request(_request, e: BadRequest):
        return error(e.status, str(e))

    @app.exception_handler(UserError)
    async def refused(_request, e: UserError):       # e.g. attention maps from an engine that cannot draw them
        return error(422, str(e).splitlines()[0] if str(e) else "refused")

    @app.exception_handler(ClientGone)
    async def gone(_request, _e: ClientGone):
        return Response(status_code=499)            # nginx's "client closed request"; it is never delivered

    @app.exception_handler(QueueFull)
    async def busy(_request, e: QueueFull):
        return error(503, f"server busy: {e}")

    @app.exception_handler(HTTPException)
    async def http_error(request, e: HTTPException):
        if e.status_code in (404, 405):
            return error(e.status_code, f"no endpoint {request.method} {request.url.path}; the endpoints are "
                                        f"{ENDPOINTS}")
        return error(e.status_code, str(e.detail))

    @app.exception_handler(Exception)
    async def failure(_request, e: Exception):      # a bug, not the client's mistake; the server goes on
        return error(500, f"internal error: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")

    # HEAD answers as GET does, without the body (uvicorn leaves it out)
    @app.api_route("/", methods=["GET", "HEAD"])
    async def index():
        return HTMLResponse(page, headers={"Content-Security-Policy": PAGE_POLICY})

    @app.api_route("/health", methods=["GET", "HEAD"])
    async def health():
        return {**service.health(), "limits": dataclasses.asdict(limits)}

    @app.post("/translate")
    async def translate(request: Request):
        payload = parse_json(await read_body(request, limits.max_body_bytes))
        wanted = parse_translate(payload, service.defaults, limits)
        # splitting the texts into sentences (the text pipeline) is CPU work: off the event loop
        results = await answer_unless_gone(request, await asyncio.to_thread(service.submit, wanted))
        return translation_body(wanted, results)

    @app.post("/attention")
    async def attention(request: Request):
        payload = parse_json(await read_body(request, limits.max_body_bytes))
        text, decode = parse_attention(payload, service.defaults, limits)
        return {"sentences": [m._asdict() for m in await asyncio.to_thread(service.attention, text, decode)]}

    return app


def main(argv) -> int:
    args = parse_args(argv)
    require_server_packages()
    import torch
    import uvicorn

    from decoding.load import load_translator

    sock = listening_socket(args.host, args.port)       # an address in use is refused before the model loads
    try:
        import_user_module(args.user_module)
        if args.threads:
            torch.set_num_threads(args.threads)
        checkpoint = args.checkpoint or latest_checkpoint()
        translator = load_translator(checkpoint, pick_device(args.device, "--device"))
        if args.glossary:
            translator.use_glossary(read_glossary(args.glossary))
        limits = Limits(args.max_sentences, args.max_chars, max(args.max_beam, translator.cfg.decode.beam),
                        args.max_body_kb * 1024)
        service = TranslationService(translator, checkpoint=str(checkpoint), max_wait_ms=args.max_batch_wait_ms,
                                     batching=not args.no_batching)
        service.translate(TranslateRequest(["Ein Hund."], True, Work(service.defaults)))   # load the tokenizers now
        host, port = sock.getsockname()[:2]
        mode = "off" if args.no_batching else f"{args.max_batch_wait_ms:g} ms"
        print(f"serving {checkpoint} ({translator.engine.name}) on http://{host}:{port}/ (batching: {mode})",
              file=sys.stderr, flush=True)
        server = uvicorn.Server(uvicorn.Config(create_app(service, limits), log_level="warning",
                                               access_log=args.access_log))
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0


if __name__ == "__main__":
    run_main(main)
