"""`python -m bench.verify_probe --uri URI --claims N [--ingest]`: single `verify` latency alone, p50/p95 with and
without the advisory suspects, on the bench corpus of N claims (`--ingest` wipes the server's provgraph data and
ingests it first). For before/after comparisons of the question path on one store: run it once with `--ingest`,
then against each version of the code without. Prints one JSON object."""
from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--uri", required=True)
    parser.add_argument("--claims", type=int, default=10_000)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--ingest", action="store_true")
    args = parser.parse_args()

    from bench.corpus import generate, write_files
    from bench.harness import connect, reset, summary_ms
    from bench.run import _ingest_all, _verify_requests
    from provgraph.base.config import Settings
    from provgraph.engine.suspects import keep_common_terms, keep_pending
    from provgraph.engine.verify import verify

    graph = connect(Settings(uri=args.uri))
    corpus = generate(args.claims, args.seed)
    if args.ingest:
        reset(graph)
        with tempfile.TemporaryDirectory() as folder:
            _ingest_all(graph, write_files(corpus, Path(folder)))
    # connect() installs the schema, which marks the kept common terms stale (an ingest keeps them again); without them
    # every verify with suspects computes them from the whole store (seconds at 100k)
    keep_common_terms(graph)
    keep_pending(graph)
    requests = _verify_requests(corpus, args.samples, random.Random(args.seed))
    out = {}
    for advised in (True, False):
        for request in requests[:20]:  # plans and caches
            verify(graph, request["evidence"], request["candidates"], scope=request["scope"], subject=request["subject"],
                   suspects=advised)
        times = []
        for request in requests:
            begin = time.perf_counter()
            verify(graph, request["evidence"], request["candidates"], scope=request["scope"], subject=request["subject"],
                   suspects=advised)
            times.append(time.perf_counter() - begin)
        out["suspects" if advised else "no_suspects"] = summary_ms(times)
    print(json.dumps({"claims": args.claims, "samples": len(requests), **out}))


if __name__ == "__main__":
    main()
