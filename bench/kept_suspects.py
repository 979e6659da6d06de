"""Suspects kept at write time against suspects looked up per request (issue 26), in one run on one store.

    python -m bench.kept_suspects [--size 25000] [--requests 200] [--uri URI] [--json FILE]

The bench corpus (bench/corpus.py) is ingested through the real pipeline, whose last step is the suspects pass.
Then, on the same store: `verify_batch` with the advisory suspects read from the kept pairs; the same requests with
the suspects looked up per request (what every verify did before: one claim is marked as owing the pass, which
makes every read compute live); and with `--no-suspects`. After `refresh` (every claim looked up again) the kept
and the live advice must be equal, request by request. The pass's own cost is `refresh`'s time: one lookup per
claim, what a first ingest pays for its suspects.
"""
from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import corpus as bench_corpus
from bench.harness import DEFAULT_PORT, start_server
from bench.report import emit
from bench.run import _ingest_all, _verify_requests
from provgraph.base.config import Settings
from provgraph.engine import suspects
from provgraph.engine.verify import verify_batch
from provgraph.graph.connection import Graph
from provgraph.graph.schema import install_schema, wipe

MARK = "MATCH (c:Claim {uid: $uid}) SET c:SuspectsPending"
UNMARK = "MATCH (c:Claim {uid: $uid}) REMOVE c:SuspectsPending"


def _timed_batch(graph: Graph, requests: list[dict[str, Any]], advised: bool, repeat: int = 3
                 ) -> tuple[float, list[dict[str, Any]]]:
    """The best of `repeat` runs of the batch (a busy machine only ever slows a run down), and its verdicts."""
    list(verify_batch(graph, requests[:10], suspects=advised))  # plans, caches
    best, verdicts = float("inf"), []
    for _ in range(repeat):
        start = time.perf_counter()
        verdicts = list(verify_batch(graph, requests, suspects=advised))
        best = min(best, time.perf_counter() - start)
    return best, verdicts


def measure(graph: Graph, size: int, requests: int, seed: int = 7) -> dict[str, Any]:
    wipe(graph)
    install_schema(graph)
    corpus = bench_corpus.generate(size, seed=seed)
    with tempfile.TemporaryDirectory(prefix="provgraph-kept-") as folder:
        ingested = _ingest_all(graph, bench_corpus.write_files(corpus, Path(folder)))
    start = time.perf_counter()
    suspects.refresh(graph)
    pass_s = time.perf_counter() - start
    asks = _verify_requests(corpus, requests, random.Random(seed))
    # every other request cites a claim of a kept pair, so the advice compared below is not empty
    paired = [row["uid"] for row in graph.read(
        "MATCH (c:Claim) WHERE EXISTS { (c)-[:MAY_REVISE]-(:Claim) } RETURN c.uid AS uid ORDER BY uid")]
    for ask, uid in zip(asks[::2], paired[::max(1, len(paired) // max(1, len(asks) // 2))]):
        ask["evidence"], ask["candidates"] = [uid], [uid, *ask["candidates"][1:]]
    kept_s, kept = _timed_batch(graph, asks, True)
    graph.write(MARK, {"uid": asks[0]["evidence"][0]})
    try:
        live_s, live = _timed_batch(graph, asks, True)
    finally:
        graph.write(UNMARK, {"uid": asks[0]["evidence"][0]})
    bare_s, bare = _timed_batch(graph, asks, False)
    same_advice = all(a["suspects"] == b["suspects"] and a["verdict"] == b["verdict"] for a, b in zip(kept, live))
    same_verdicts = [v["verdict"] for v in kept] == [v["verdict"] for v in bare]
    pairs = graph.read("MATCH (:Claim)-[k:MAY_REVISE]->(:Claim) RETURN count(k) AS n")[0]["n"]
    return {
        "claims": size, "requests": len(asks), "ingest_s": round(ingested["seconds"], 1),
        "pass_every_claim_s": round(pass_s, 1), "kept_pairs": pairs,
        "verify_kept_req_s": round(len(asks) / kept_s, 1), "verify_live_req_s": round(len(asks) / live_s, 2),
        "verify_no_suspects_req_s": round(len(asks) / bare_s, 1),
        "kept_over_live": round(live_s / kept_s, 1), "kept_over_no_suspects": round(kept_s / bare_s, 2),
        "advice_kept_equals_live": same_advice, "verdicts_equal_no_suspects": same_verdicts,
        "requests_with_suspects": sum(1 for v in kept if v["suspects"]),
        "load_average": list(os.getloadavg()),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.kept_suspects", description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=25000, help="claims in the corpus (default 25000)")
    parser.add_argument("--requests", type=int, default=200, help="verify requests, 20 candidates each (default 200)")
    parser.add_argument("--uri", default=os.environ.get("PROVGRAPH_BENCH_URI"), help="a server to use (WIPED)")
    parser.add_argument("--json", type=Path, default=None, help="write the numbers here too")
    args = parser.parse_args(argv)
    settings = Settings.from_env(uri=args.uri) if args.uri else start_server(DEFAULT_PORT)
    with Graph(settings) as graph:
        measure(graph, 500, 10)  # warm-up: plans
        result = measure(graph, args.size, args.requests)
    emit(result, args.json)
    return 0 if result["advice_kept_equals_live"] and result["verdicts_equal_no_suspects"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
