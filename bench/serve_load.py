"""Server load: concurrent clients each sending one sentence a request to a real `serve.py` on 127.0.0.1, with
batching (the default) and with --no-batching (one request at a time); sentences/s and latency, as a ratio.

    python -m bench.serve_load --checkpoint runs/<run>/best.pt --data-dir ../shared/data/multi30k

Each mode starts its own server, is warmed up with one round of requests, then every client sends --requests
sentences of test_2016_flickr one after another (keep-alive connection, stdlib http.client, so the clients cost
little CPU next to the server). Latency is measured per request, from send to full answer.
"""
from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

from cli import CommandParser, run_main, whole_number

REPO = Path(__file__).resolve().parents[1]

FALLBACK = ["Ein Mann fährt Fahrrad.", "Zwei Hunde spielen im Schnee.", "Eine Frau liest ein Buch im Park.",
            "Kinder spielen am Strand.", "Ein Junge springt ins Wasser.", "Ein Mann mit Hut verkauft Obst."]


class LoadResult(NamedTuple):
    sentences_per_s: float
    p50_ms: float
    p95_ms: float
    requests: int
    batches: int           # search groups the server ran for them


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(conn: http.client.HTTPConnection, method: str, path: str, body: dict | None = None) -> dict:
    conn.request(method, path, body=json.dumps(body) if body is not None else None,
                 headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    answer = json.loads(response.read())
    if response.status != 200:
        raise RuntimeError(f"{method} {path}: {response.status} {answer}")
    return answer


def start_server(args, port: int, batching: bool) -> subprocess.Popen:
    command = [sys.executable, str(REPO / "serve.py"), "--checkpoint", args.checkpoint, "--port", str(port),
               "--max-batch-wait-ms", str(args.max_batch_wait_ms), "--device", args.device]
    command += ["--threads", str(args.threads)] if args.threads else []
    command += [] if batching else ["--no-batching"]
    proc = subprocess.Popen(command, cwd=REPO)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            call(http.client.HTTPConnection("127.0.0.1", port, timeout=5), "GET", "/health")
            return proc
        except OSError:
            try:
                proc.wait(timeout=0.2)
                if proc.returncode == 2:        # a user's mistake (a bad --checkpoint): serve.py said it in one line
                    raise SystemExit(2)
                raise SystemExit(f"serve.py exited with {proc.returncode}")
            except subprocess.TimeoutExpired:
                pass
    proc.kill()
    raise SystemExit("serve.py did not start within 300 s")


def run_clients(port: int, sentences: list[str], clients: int, requests: int, beam: int | None) -> list[float]:
    """Latencies in seconds of clients × requests single-sentence requests, all clients at once."""
    def client(number: int) -> list[float]:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        latencies = []
        for n in range(requests):
            body = {"text": sentences[(number * requests + n) % len(sentences)]}
            if beam:
                body["beam"] = beam
            start = time.perf_counter()
            call(conn, "POST", "/translate", body)
            latencies.append(time.perf_counter() - start)
        conn.close()
        return latencies

    with ThreadPoolExecutor(clients) as pool:
        return [t for latencies in pool.map(client, range(clients)) for t in latencies]


def measure(args, sentences: list[str], batching: bool) -> LoadResult:
    port = free_port()
    proc = start_server(args, port, batching)
    try:
        run_clients(port, sentences[::-1], args.clients, 1, args.beam)          # warm-up round
        before = call(http.client.HTTPConnection("127.0.0.1", port), "GET", "/health")["batching"]
        start = time.perf_counter()
        latencies = sorted(run_clients(port, sentences, args.clients, args.requests, args.beam))
        seconds = time.perf_counter() - start
        after = call(http.client.HTTPConnection("127.0.0.1", port), "GET", "/health")["batching"]
    finally:
        proc.terminate()
        proc.wait(timeout=60)
    n = len(latencies)
    return LoadResult(n / seconds, latencies[n // 2] * 1000, latencies[min(n - 1, int(n * 0.95))] * 1000,
                      after["requests"] - before["requests"], after["batches"] - before["batches"])


def main(argv=None) -> None:
    parser = CommandParser(prog="-m bench.serve_load", description=__doc__)
    parser.add_argument("--checkpoint", required=True)
    parser.add_argument("--data-dir", default=None, help="Multi30K directory (sentences of test_2016_flickr); "
                                                         "default: a few built-in sentences")
    parser.add_argument("--clients", type=whole_number(1), default=16)
    parser.add_argument("--requests", type=whole_number(1), default=20, help="requests per client (default 20)")
    parser.add_argument("--beam", type=whole_number(1), default=None, help="default: the checkpoint's")
    parser.add_argument("--max-batch-wait-ms", type=float, default=5.0)
    parser.add_argument("--threads", type=whole_number(0), default=0, help="the server's torch threads; 0 = torch's default")
    parser.add_argument("--device", default="auto")
    args = parser.parse_args(argv)
    if args.data_dir:
        from data.multi30k import read_parallel
        sentences = read_parallel("test_2016_flickr", args.data_dir, download=False)[0]
    else:
        sentences = FALLBACK
    results = {"batching": measure(args, sentences, batching=True),
               "one by one": measure(args, sentences, batching=False)}
    print(f"{args.clients} clients x {args.requests} single-sentence requests, checkpoint {args.checkpoint}, "
          f"beam {args.beam or 'default'}, batch wait {args.max_batch_wait_ms:g} ms")
    print(f"  {'mode':11s} {'sentences/s':>11s} {'p50 ms':>8s} {'p95 ms':>8s} {'requests':>9s} {'batches':>8s}")
    for name, r in results.items():
        print(f"  {name:11s} {r.sentences_per_s:11.1f} {r.p50_ms:8.1f} {r.p95_ms:8.1f} {r.requests:9d} "
              f"{r.batches:8d}")
    on, off = results["batching"], results["one by one"]
    print(f"  batching: {on.sentences_per_s / off.sentences_per_s:.2f}x the sentences/s, p95 latency "
          f"{off.p95_ms / on.p95_ms:.2f}x lower, {on.requests / max(on.batches, 1):.1f} requests a search call")


if __name__ == "__main__":
    run_main(main)         # a UserError (a missing --data-dir, a bad checkpoint): one line, exit status 2
