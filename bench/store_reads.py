"""`python -m bench.store_reads --claims N --seed S [--ingest]`: the reads of a store the bench server already holds
(status-all, `status ID`, a verify batch, single verifies), each on claims drawn afresh from the seed. Prints one JSON
object.

For what a store costs to read when the memory does not hold it: ingest once (`--ingest`), then read it with the server
started inside a memory cgroup that leaves room for only part of the store (cgroup v1, as root: `mkdir
/sys/fs/cgroup/memory/G`, write the limit to its `memory.limit_in_bytes`, start the server from a shell whose process id
is in its `cgroup.procs`: the page cache the server's reads fill is charged to it), and without; a new `--seed` each
run, so that no run reads what the one before left in memory. bench/README.md ("Results", the 10M paragraph) has a
measurement.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from bench import harness
from bench.corpus import Corpus, generate
from bench.run import _latency_status, _verify, ready_to_read
from provgraph.engine.status_rows import iter_rows
from provgraph.graph.connection import Graph


def measure(graph: Graph, corpus: Corpus, seed: int, *, verify_batch: int = 2000, samples: int = 200,
            budget: float = 20.0) -> dict[str, Any]:
    """Status-all (seconds, rows), `status ID` latency over `samples` claims, and `bench.run`'s verify measures over up
    to `verify_batch` requests of claims drawn with `seed`, on a store `bench.run.ready_to_read` made ready."""
    start = time.perf_counter()
    rows = sum(1 for _ in iter_rows(graph))
    status_all = time.perf_counter() - start
    status_id = _latency_status(graph, [claim.uid for claim in corpus.claims], samples, random.Random(seed))
    verified = _verify(graph, corpus, random.Random(seed + 1), verify_batch, samples, lambda message: None, budget)
    return {"status_all_seconds": status_all, "status_all_rows": rows, "status_id": status_id,
            "verify_requests": verified.get("requests"), "verify_requests_per_s": verified.get("requests_per_s"),
            "verify_single": verified.get("single"),
            "verify_no_suspects_requests_per_s": verified.get("no_suspects", {}).get("requests_per_s"),
            "verify_failed": verified.get("note")}  # None unless verify raised


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.store_reads", description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=1_000_000, help="the bench corpus's size (default 1000000)")
    parser.add_argument("--seed", type=int, required=True, help="draws the claims read; a new one each run")
    parser.add_argument("--ingest", action="store_true", help="empty the graph and ingest the corpus first")
    parser.add_argument("--port", type=int, default=harness.DEFAULT_PORT)
    args = parser.parse_args(argv)
    graph = harness.connect(harness.start_server(args.port))
    try:
        corpus = generate(args.claims, 7)
        ready_to_read(graph, corpus, args.ingest)
        print(json.dumps({"claims": args.claims, "seed": args.seed, **measure(graph, corpus, args.seed)}))
    finally:
        graph.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
