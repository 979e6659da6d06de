"""Load on `provgraph mcp --http`: N concurrent MCP clients over streamable HTTP against a generated store.

    PROVGRAPH_BENCH_PORT=7803 python -m bench.served.mcp_load                 # 10k claims, 1/4/16 clients (minutes)
    python -m bench.served.mcp_load --size 100k --clients 16                  # the issue's size

Every client is the official SDK's ClientSession over streamable HTTP (all in this process, on one event loop);
the server is a `provgraph mcp --http` subprocess. Per client count, two phases: every client calls `verify`
(one request a call), then every client calls `verify_batch` (`--batch` requests a call). Every verdict is
checked against the in-process `verify_batch` answer for the same request (the CLI's code path); a mismatch
fails the run. Reported: throughput against the in-process rate measured in the same run (single `verify`
calls in a loop; `verify_batch` over the same requests), p50/p99 latency per call, and the server process's
RSS (after warm-up, peak, end). Not a timed test: the target (>= 50% of in-process with 16 clients) is a ratio.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.common import harness
from bench.common.corpus import FORMATS, generate, sizes, verify_requests, write_files

PROVGRAPH = str(Path(sys.executable).with_name("provgraph"))
VOLATILE = ("line", "id")


def _rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class RssSampler:
    """The server's resident memory every 0.2 s, in a thread."""

    def __init__(self, pid: int) -> None:
        self.pid, self._stop = pid, threading.Event()
        self.samples: list[int] = []
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.2):
            self.samples.append(_rss_kib(self.pid))

    def stop(self) -> list[int]:
        self._stop.set()
        self._thread.join()
        return self.samples


def _server(uri: str) -> tuple[subprocess.Popen, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")} | {"NEO4J_URI": uri}
    env.pop("PROVGRAPH_MCP_TOKEN", None)
    process = subprocess.Popen([PROVGRAPH, "mcp", "--http", "--port", "0"], env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    for line in process.stderr:
        if "serving http://" in line:
            threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()  # type: ignore[union-attr]
            return process, line.split("serving ", 1)[1].split()[0]
    raise RuntimeError("provgraph mcp --http did not start")


def _plain(verdict: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in verdict.items() if k not in VOLATILE}


async def _phase(url: str, clients: int, calls: int, tool: str, requests: list[dict[str, Any]],
                 expected: list[dict[str, Any]], batch: int) -> dict[str, Any]:
    import anyio
    import httpx2
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    latencies: list[float] = []
    mismatches: list[int] = []
    answered = checked = 0
    ready = anyio.Event()
    opened = 0

    async def client(number: int) -> None:
        nonlocal answered, checked, opened
        rng = random.Random(number)
        async with httpx2.AsyncClient(timeout=httpx2.Timeout(30, read=600)) as http:
            async with streamable_http_client(url, http_client=http) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    opened += 1
                    if opened == clients:
                        ready.set()
                    await ready.wait()  # every client connected: the clock runs over calls only
                    for _ in range(calls):
                        size = 1 if tool == "verify" else batch
                        start = rng.randrange(len(requests) - size + 1)
                        picked = list(range(start, start + size))
                        begin = time.perf_counter()
                        if tool == "verify":
                            ask = {k: v for k, v in requests[start].items() if v is not None}
                            result = await session.call_tool("verify", ask)
                            got = [result.structured_content]
                        else:
                            result = await session.call_tool("verify_batch", {"requests": [requests[i] for i in picked]})
                            got = (result.structured_content or {}).get("verdicts", [])
                        latencies.append(time.perf_counter() - begin)
                        checked += size
                        if result.is_error or len(got) != size:
                            mismatches.extend(picked)
                            continue
                        mismatches.extend(i for i, verdict in zip(picked, got) if _plain(verdict) != _plain(expected[i]))
                        answered += size

    begin = time.perf_counter()
    async with anyio.create_task_group() as group:
        for number in range(clients):
            group.start_soon(client, number)
    seconds = time.perf_counter() - begin
    return {"tool": tool, "clients": clients, "calls": clients * calls, "requests": answered, "checked": checked, "seconds": seconds,
            "requests_per_s": answered / seconds, "latency": harness.summary_ms(latencies),
            "p99_ms": round(harness.percentile(latencies, 0.99) * 1000, 1), "mismatches": len(mismatches)}


def _in_process(graph: Any, requests: list[dict[str, Any]], singles: int) -> tuple[list[dict[str, Any]], dict[str, float]]:
    from provgraph.engine.verify import verify, verify_batch

    list(verify_batch(graph, requests[:20]))  # warm: plans, caches, connections
    begin = time.perf_counter()
    expected = list(verify_batch(graph, requests))
    batch_rate = len(requests) / (time.perf_counter() - begin)
    begin = time.perf_counter()
    for request in requests[:singles]:
        verify(graph, request["evidence"], request["candidates"], scope=request["scope"], subject=request["subject"])
    single_rate = singles / (time.perf_counter() - begin)
    return expected, {"verify_per_s": single_rate, "verify_batch_requests_per_s": batch_rate}


def main(argv: list[str] | None = None) -> int:
    import logging

    import anyio

    from provgraph.ingest.pipeline import ingest

    parser = argparse.ArgumentParser(prog="python -m bench.served.mcp_load", description=__doc__.splitlines()[0],
                                     epilog=harness.OWN_SERVER)
    parser.add_argument("--size", type=sizes, default=[10_000], help="claims in the store (default 10k; 100k: the issue's)")
    parser.add_argument("--clients", default="1,4,16", help="client counts, comma-separated (default 1,4,16)")
    parser.add_argument("--calls", type=int, default=20, help="calls per client per phase (default 20)")
    parser.add_argument("--batch", type=int, default=10, help="requests per verify_batch call (default 10)")
    parser.add_argument("--requests", type=int, default=600, help="distinct requests generated (default 600)")
    parser.add_argument("--port", type=int, default=harness.DEFAULT_PORT, help="the bench server's port (env PROVGRAPH_BENCH_PORT)")
    parser.add_argument("--uri", help="a running server instead of the bench's own (its provgraph data is WIPED)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--reuse", action="store_true",
                        help="keep the store of an earlier run with the same --size and --seed (no wipe, no ingest)")
    parser.add_argument("--singles", type=int, default=20, help="single in-process verify calls timed (default 20)")
    parser.add_argument("--out", type=Path, help="JSON results (default bench/results/mcp-load-<time>.json)")
    args = parser.parse_args(argv)
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    log = lambda message: print(message, file=sys.stderr, flush=True)  # noqa: E731
    size = args.size[0]
    with harness.bench_server(args.uri, args.port) as settings, harness.connect(settings) as graph:
        corpus = generate(size, seed=args.seed)
        if not args.reuse:
            harness.reset(graph)
            with tempfile.TemporaryDirectory() as folder:
                begin = time.perf_counter()
                for store, kind, path in write_files(corpus, Path(folder)):
                    ingest(graph, kind, path, fmt=FORMATS[kind], store=store)
                log(f"ingested {size:,} claims in {time.perf_counter() - begin:.0f} s")
        requests = verify_requests(corpus, args.requests, random.Random(args.seed))
        singles = min(args.singles, len(requests))
        expected, before = _in_process(graph, requests, singles)
        log(f"in process before: {before}")
        process, url = _server(settings.uri)
        sampler = RssSampler(process.pid)
        phases = []
        try:
            anyio.run(_phase, url, 1, 5, "verify_batch", requests, expected, args.batch)  # warm-up
            warm_rss = _rss_kib(process.pid)
            for clients in [int(c) for c in args.clients.split(",")]:
                for tool in ("verify", "verify_batch"):
                    phase = anyio.run(_phase, url, clients, args.calls, tool, requests, expected, args.batch)
                    phase["rss_kib"] = _rss_kib(process.pid)
                    phases.append(phase)
                    log(json.dumps(phase))
        finally:
            samples = sampler.stop()
            process.terminate()
            process.wait(timeout=30)
        again, after = _in_process(graph, requests, singles)  # the machine's load drifts: average both sides
        log(f"in process after: {after}")
        inproc = {key: (before[key] + after[key]) / 2 for key in before}
        for phase in phases:
            phase["vs_in_process"] = phase["requests_per_s"] / inproc[
                "verify_per_s" if phase["tool"] == "verify" else "verify_batch_requests_per_s"]
        stable = [_plain(a) for a in expected] == [_plain(b) for b in again]
    results = {"size": size, "in_process": inproc, "in_process_before": before, "in_process_after": after,
               "in_process_same_verdicts_after": stable, "phases": phases, "batch": args.batch, "machine_load": harness.load_average(),
               "server_rss_kib": {"after_warm_up": warm_rss, "peak": max(samples or [0]), "end": samples[-1] if samples else 0}}
    out = args.out or Path(__file__).resolve().parents[1] / "results" / time.strftime("mcp-load-%Y%m%dT%H%M%SZ.json", time.gmtime())
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(table(results))
    print(f"\nresults: {out}")
    return 1 if any(phase["mismatches"] for phase in phases) or not stable else 0


def table(results: dict[str, Any]) -> str:
    inproc = results["in_process"]
    rss = results["server_rss_kib"]
    lines = [f"store: {results['size']:,} claims; in process: verify {inproc['verify_per_s']:.1f} calls/s, "
             f"verify_batch {inproc['verify_batch_requests_per_s']:.1f} requests/s",
             "| clients | tool | requests/s | vs in-process | p50 ms | p99 ms | verdicts equal | server RSS MiB |",
             "|---|---|---|---|---|---|---|---|"]
    for p in results["phases"]:
        lines.append(f"| {p['clients']} | {p['tool']}{'' if p['tool'] == 'verify' else ' x' + str(results['batch'])} "
                     f"| {p['requests_per_s']:.1f} | {p['vs_in_process']:.0%} | {p['latency']['p50_ms']:.0f} | {p['p99_ms']:.0f} "
                     f"| {p['checked'] - p['mismatches']:,} of {p['checked']:,} | {p['rss_kib'] / 1024:.0f} |")
    lines.append(f"server RSS: {rss['after_warm_up'] / 1024:.0f} MiB after warm-up, peak {rss['peak'] / 1024:.0f} MiB, "
                 f"end {rss['end'] / 1024:.0f} MiB")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
