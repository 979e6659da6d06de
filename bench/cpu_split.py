"""`python -m bench.cpu_split [N ...]`: who spends an ingest's time, Python or Neo4j, and in which part of it.

Ingests the bench corpus of N claims (default 100,000; seed 7) into the bench server's emptied graph, as the bench
does, and gives for the whole ingest and for its three parts (the batches' writes, a first load's settling step, the
status pass after the last batch) the wall time, this process's CPU time (every thread), the server's (the Java
process's user and system time, from /proc) and the bytes the server wrote to disk (/proc's write_bytes: its
transaction log, store and index files). On a 2-core machine the two CPU times together say how close the ingest is
to the cores it has, and which side to make cheaper. `--floor` first writes the same corpus the raw floor's way
(bench/baselines.py), so the ingest's CPU stands beside the floor's; `--finished` then reads back the graph the ingest
left, empties it and writes it again the floor's way (every node and relationship with every property: what writing
what an ingest keeps costs with nothing computed, `baselines.finished_floor`). The server is the bench's (`PROVGRAPH_BENCH_PORT`,
started if it is not running); run the same N twice on one server to leave its JIT warm-up out.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from bench import harness
from bench.baselines import finished_floor, raw_floor, read_finished
from bench.corpus import generate, write_files
from bench.run import _ingest_all
from provgraph.engine import stored_status
from provgraph.ingest import pipeline
from provgraph.ingest.pipeline import batch

_TICKS = os.sysconf("SC_CLK_TCK")
SPILL = 200_000  # --finished holds the graph it writes again in memory up to this many claims


def server_pids(port: int) -> list[str]:
    """The process ids of the bench server on `port` (its Java process and launcher), for `_server_seconds`."""
    return subprocess.run(["pgrep", "-f", f"bench-server-{port}"], capture_output=True, text=True).stdout.split()


def _per_process(pids: list[str], file: str, value: Callable[[str], float]) -> float:
    """The sum over the server's processes of `value` of each one's /proc/PID/`file` (a process gone counts nothing)."""
    total = 0.0
    for pid in pids:
        try:
            text = Path(f"/proc/{pid}/{file}").read_text()
        except OSError:
            continue
        total += value(text)
    return total


def _server_seconds(pids: list[str]) -> float:
    """The CPU seconds the server's processes have taken so far (/proc/PID/stat utime and stime)."""
    return _per_process(pids, "stat", lambda text: sum(map(int, text.rsplit(")", 1)[1].split()[11:13])) / _TICKS)


def _server_written(pids: list[str]) -> float:
    """The bytes the server's processes have written to storage so far (/proc/PID/io write_bytes)."""
    return _per_process(pids, "io", lambda text: sum(int(line.split()[1]) for line in text.splitlines()
                                                     if line.startswith("write_bytes:")))


def _own_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def measure(claims: int, port: int, floor: bool = False, finished: bool = False) -> dict[str, list[float]]:
    """{part: [wall, python cpu, server cpu, server bytes written]} of one ingest of `claims` claims, 'ingest' for the
    whole of it; with `floor`, 'raw floor' for the corpus written the floor's way first; with `finished`, 'finished
    graph, floor's way' for the graph the ingest left written again that way after it."""
    graph = harness.connect(harness.start_server(port))
    pids = server_pids(port)

    def now() -> tuple[float, float, float, float]:
        return time.perf_counter(), _own_seconds(), _server_seconds(pids), _server_written(pids)

    def since(start: tuple[float, ...]) -> list[float]:
        return [end - begin for end, begin in zip(now(), start)]

    parts: dict[str, list[float]] = {}
    originals: list[tuple[Any, str, Callable[..., Any]]] = []

    def timed(owner: Any, name: str, part: str) -> None:
        original = getattr(owner, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = now()
            try:
                return original(*args, **kwargs)
            finally:
                spent = parts.setdefault(part, [0.0, 0.0, 0.0, 0.0])
                for index, amount in enumerate(since(start)):
                    spent[index] += amount

        originals.append((owner, name, original))
        setattr(owner, name, wrapper)

    timed(pipeline, "write_batch", "batch writes")
    timed(batch.Load, "settle", "first load's settling step")
    timed(stored_status, "store_pending", "status pass after the last batch")
    try:
        with tempfile.TemporaryDirectory(prefix="provgraph-cpu-") as folder:
            corpus = generate(claims, 7)
            files = write_files(corpus, Path(folder))
            if floor:
                harness.reset(graph)
                start = now()
                raw_floor(graph, corpus)
                parts["raw floor"] = since(start)
            harness.reset(graph)
            start = now()
            _ingest_all(graph, files)
            parts["ingest"] = since(start)
            if finished:
                # held in memory up to SPILL claims (about 13 KB a claim), else pickled to the folder
                groups, keys = read_finished(graph, Path(folder) if claims > SPILL else None)
                harness.reset(graph)
                start = now()
                written = finished_floor(graph, groups, keys)
                parts["finished graph, floor's way"] = since(start)
                print(f"finished graph: {written['nodes']} nodes, {written['relationships']} relationships, "
                      f"{written['properties']} properties written again, {written['writing_seconds']:.1f} s of it "
                      "in the write transactions")
    finally:
        for owner, name, original in originals:
            setattr(owner, name, original)
        graph.close()
    return parts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cpu_split", description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[100_000], help="claims per run (default 100000)")
    parser.add_argument("--port", type=int, default=harness.DEFAULT_PORT)
    parser.add_argument("--heap", help="the bench server's heap (restarts it; a running server keeps its own)")
    parser.add_argument("--pagecache", help="the bench server's page cache (restarts it), e.g. 8g for 1M claims")
    parser.add_argument("--floor", action="store_true", help="write the corpus the raw floor's way first, and show it")
    parser.add_argument("--finished", action="store_true",
                        help="then write the graph the ingest left again the raw floor's way, and show it")
    args = parser.parse_args(argv)
    if args.heap or args.pagecache:
        harness.use_memory(args.port, args.heap, args.pagecache)
    for claims in args.sizes:
        parts = measure(claims, args.port, args.floor, args.finished)
        print(f"{claims} claims          wall (s)  python cpu (s)  server cpu (s)  server writes (KB a claim)")
        for part in ("raw floor", "ingest", "batch writes", "first load's settling step",
                     "status pass after the last batch", "finished graph, floor's way"):
            if part not in parts:
                continue
            wall, python, server, written = parts[part]
            print(f"  {part:34} {wall:8.1f}  {python:14.1f}  {server:14.1f}  {written / claims / 1000:26.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
