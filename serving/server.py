"""What serve.py does with its flags: the address bound first (one line when it is in use), the model loaded, the
service warmed, then uvicorn serving the app (serving/app.py) until the server stops."""
from __future__ import annotations

import errno
import os
import socket
import sys

from serving.app import create_app, require_server_packages
from serving.payloads import Limits, TranslateRequest, Work
from serving.service import TranslationService
from config import DEVICE_FORMS, MAX_BEAM, is_device_name
from cli import check_given, check_range, check_threads
from util.errors import UserError

MAX_WAIT_MS = 10_000       # longer, and a lone request waits that long for company


def check_serve_flags(args) -> None:
    """Refuse values that would crash or hang the server, before any package or checkpoint is loaded."""
    check_given(args, "--checkpoint", "--glossary", "--user-module")
    for name, high in (("max_sentences", 10_000), ("max_chars", 100_000), ("max_beam", MAX_BEAM),
                       ("max_body_kb", 1 << 20)):
        check_range(f"--{name.replace('_', '-')}", getattr(args, name), 1, high)
    check_range("--port", args.port, 0, 65535)
    check_threads("--threads", args.threads)
    check_range("--max-batch-wait-ms", args.max_batch_wait_ms, 0, MAX_WAIT_MS)
    if not is_device_name(args.device):
        raise UserError(f"--device={args.device} is not a device; use {DEVICE_FORMS}")


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
        raise UserError(f"cannot listen on {host}:{port} ({e.strerror or e}); {bind_advice(e)}") from None
    return sock


def bind_advice(e: OSError) -> str:
    """What to do when host:port cannot be bound: the port taken, one only root may bind, or a host not this one."""
    if e.errno == errno.EADDRINUSE:
        return "is another server using it? choose another --port (or --host)"
    if e.errno == errno.EACCES:
        return "a port below 1024 needs root: choose a --port from 1024"
    return "--host must be an address of this machine: 127.0.0.1 (the default), 0.0.0.0 (all of them) or one of its own"


def stopping_server(uvicorn):
    """uvicorn's Server, stopped as a user expects: the first Ctrl-C (or SIGTERM) answers the requests in flight, and
    says so when there are any; a second one ends the server at once, quietly, exit status 130 (143), where uvicorn
    would cancel them mid-decode (500s and tracebacks) and exit while the batcher's thread is still in torch (abort)."""
    class StoppingServer(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:
            if self.should_exit:
                sys.stderr.flush()
                os._exit(128 + sig)         # nothing of the server's is on disk: no file left half-written
            super().handle_exit(sig, frame)
            if self.server_state.tasks:
                print(f"stopping: {len(self.server_state.tasks)} request(s) in flight answered first; Ctrl-C again "
                      "stops at once", file=sys.stderr, flush=True)
    return StoppingServer


def serve_from_flags(args) -> int:
    """serve.py's run once its flags are parsed and checked, until the server stops: -> the exit status."""
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
        server = stopping_server(uvicorn)(uvicorn.Config(create_app(service, limits), log_level="warning",
                                                          access_log=args.access_log))
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0
