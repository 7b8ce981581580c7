"""The web service's FastAPI app around a TranslationService: the page, GET /health, POST /translate and
POST /attention, bodies read within their limit, errors as one-line JSON, a client that disconnects cancelling its
work. FastAPI and starlette are imported when the app is built, so serve.py's command line runs without them."""
import asyncio
import contextlib
import dataclasses
from concurrent.futures import Future
from pathlib import Path

from serving.batching_queue import QueueFull
from serving.payloads import (BadRequest, Limits, attention_body, parse_attention, parse_json, parse_translate,
                              translation_body)
from serving.service import TranslationService
from util.errors import UserError

PAGE = Path(__file__).resolve().parents[1] / "web/index.html"
# the page is self-contained: it may talk to this server and nothing else
PAGE_POLICY = ("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; "
               "img-src data:; base-uri 'none'; form-action 'none'")
ENDPOINTS = "GET /, GET /health, POST /translate, POST /attention"
DRAIN_BYTES = 64 << 20     # an over-limit body up to this much larger is read before the 413 (see read_body)


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
    mid-body gets nothing and leaves no traceback. A compressed body (Content-Encoding) is refused (415)."""
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
    encoding = request.headers.get("content-encoding", "identity").strip()
    if encoding.lower() not in ("", "identity"):     # read to its end first, as above: the client gets the answer
        raise BadRequest(415, f"request body in Content-Encoding {encoding} refused: send the JSON uncompressed, "
                              "without Content-Encoding")
    return bytes(body)


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

    app = FastAPI(title="einsum-nmt", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None,
                  redirect_slashes=False)     # /translate/ is a 404 naming the endpoints, not an empty 307

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
    async def busy(_request, e: QueueFull):             # Retry-After: when to ask again, in seconds (RFC 9110)
        return JSONResponse({"error": f"server busy: {e}"}, status_code=503, headers={"Retry-After": "1"})

    @app.exception_handler(HTTPException)
    async def http_error(request, e: HTTPException):
        where = f"{request.method} {request.url.path}"
        if e.status_code == 405:        # the path is an endpoint of other methods, which Allow names (RFC 9110)
            allowed = " or ".join((e.headers or {}).get("Allow", "").split(", "))
            return JSONResponse({"error": f"{where} is not offered; use {allowed} {request.url.path} (the endpoints "
                                          f"are {ENDPOINTS})"}, status_code=405, headers=e.headers)
        if e.status_code == 404:
            return error(404, f"no endpoint {where}; the endpoints are {ENDPOINTS}")
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
        wanted = parse_translate(payload, service.defaults, limits, service.choices,
                                 languages=service.glossary_languages)
        # splitting the texts into sentences (the text pipeline) is CPU work: off the event loop
        results = await answer_unless_gone(request, await asyncio.to_thread(service.submit, wanted))
        return translation_body(wanted, results, await asyncio.to_thread(service.notes, wanted, results))

    @app.post("/attention")
    async def attention(request: Request):
        payload = parse_json(await read_body(request, limits.max_body_bytes))
        text, decode, to = parse_attention(payload, service.defaults, limits, service.choices)
        return attention_body(*await asyncio.to_thread(service.attention, text, decode, to))

    return app
