"""`python -m bench.verify_probe --uri URI --claims N [--ingest]`: single `verify` latency alone, p50/p95 with and
without the advisory suspects, on the bench corpus of N claims (`--ingest` wipes the server's provgraph data and
ingests it first). For before/after comparisons of the question path on one store: run it once with `--ingest`,
then against each version of the code without. Prints one JSON object."""
from __future__ import annotations

import argparse
import json
import random
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--uri", required=True)
    parser.add_argument("--claims", type=int, default=10_000)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--ingest", action="store_true")
    args = parser.parse_args()

    from bench.corpus import generate
    from bench.harness import connect, summary_ms
    from bench.run import _verify_requests, ready_to_read
    from provgraph.base.config import Settings
    from provgraph.engine.verify import verify

    graph = connect(Settings(uri=args.uri))
    corpus = generate(args.claims, args.seed)
    ready_to_read(graph, corpus, args.ingest)
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
