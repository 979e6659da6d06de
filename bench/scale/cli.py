"""`python -m bench`: start the bench's own Neo4j, run every measurement, write JSON and a table."""
from __future__ import annotations

import argparse
import json
import logging
import shutil
import sys
from datetime import datetime, timezone
from pathlib import Path

from bench.common import harness
from bench.common.corpus import sizes
from bench.scale.report import table
from bench.scale.run import run

RESULTS = Path(__file__).resolve().parents[1] / "results"
DEFAULT_SIZES = (25_000, 100_000)
LARGE = 1_000_000


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    p.add_argument("--sizes", type=sizes, default=list(DEFAULT_SIZES), help="claims per run, e.g. 25k,100k (default)")
    p.add_argument("--large", action="store_true", help="add a 1M-claim run (long: an hour or more here)")
    p.add_argument("--port", type=int, default=harness.DEFAULT_PORT, help="port of the bench's own server (default 7686, env PROVGRAPH_BENCH_PORT)")
    p.add_argument("--heap", help="the bench server's heap (default 2g; 4g with --large); restarts the bench server")
    p.add_argument("--pagecache", help="the bench server's page cache (default 1g; 8g with --large, whose store is ~8 GB); "
                                       "restarts the bench server")
    p.add_argument("--fresh-store", action="store_true", help="stop the bench server and delete its store first, so the "
                                                               "footprint rows measure this run's store alone (store files never shrink)")
    p.add_argument("--uri", help="use this running server instead of starting one (its provgraph data is WIPED)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--ogm-sample", type=int, default=200, help="claims written one OGM save at a time, extrapolated (0: skip)")
    p.add_argument("--verify-batch", type=int, default=2000, help="requests in the verify batch")
    p.add_argument("--chain-claims", type=int, default=6000, help="claims per chain length in the verify-vs-history run (0: skip)")
    p.add_argument("--concurrent-claims", type=int, default=10000, help="claims in the four-concurrent-ingests run (0: skip)")
    p.add_argument("--latency-samples", type=int, default=200)
    p.add_argument("--chain", type=sizes, default=[2500, 5000, 10000], help="adversarial chain lengths")
    p.add_argument("--ladder", type=sizes, default=[10, 20, 30], help="adversarial diamond-ladder sizes")
    p.add_argument("--no-adversarial", action="store_true")
    p.add_argument("--no-memory-contrast", action="store_true", help="skip the status() run that holds every row (first size)")
    p.add_argument("--no-append", action="store_true", help="skip the nightly appends (1%% new entries, then 1%% superseding "
                                                           "old ones) after each size")
    p.add_argument("--no-warmup", action="store_true", help="skip the untimed 1k-claim warm-up pass")
    p.add_argument("--out", type=Path, help="JSON results file (default bench/results/<timestamp>.json)")
    p.add_argument("--keep-server", action="store_true", help="leave the bench server running afterwards")
    p.add_argument("--profile", action="store_true", help="profile instead: pyinstrument on ingest + Cypher PROFILE (see bench/scale/profiling.py)")
    p.add_argument("--quiet", action="store_true")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    log = (lambda message: None) if args.quiet else (lambda message: print(message, file=sys.stderr, flush=True))
    sizes = list(args.sizes) + ([LARGE] if args.large else [])
    from provgraph.base.config import Settings
    from provgraph.base.errors import ProvgraphError

    started_server = False
    if args.uri:
        settings = Settings(uri=args.uri)
    else:
        log(f"starting the bench server on port {args.port} ...")
        try:
            if args.fresh_store:
                harness.stop_server(args.port)
                shutil.rmtree(harness.server_options(args.port).data_dir / "neo4j" / "data", ignore_errors=True)
            if args.heap or args.pagecache or args.large:
                harness.use_memory(args.port, args.heap or ("4g" if args.large else None),
                                   args.pagecache or ("8g" if args.large else None))
            settings = harness.start_server(args.port)
        except ProvgraphError as error:
            print(f"bench: {error}", file=sys.stderr)
            return 2
        started_server = True
    try:
        graph = harness.connect(settings)
        try:
            if args.profile:
                from bench.scale.profiling import profile

                profile(graph, settings, sizes[0], seed=args.seed, out=RESULTS, log=log)
                return 0
            machine = harness.machine(graph)
            if args.uri:  # not the bench's own server: its memory settings are not ours to report
                machine["server_heap"] = machine["server_pagecache"] = f"unknown ({settings.safe_uri})"
            log(f"machine: {machine}")
            results = run(settings, graph, sizes, seed=args.seed, ogm_sample=args.ogm_sample,
                          verify_batch_size=args.verify_batch, latency_samples=args.latency_samples,
                          adversarial_sizes=None if args.no_adversarial else {"chain": args.chain, "ladder": args.ladder},
                          memory_contrast=not args.no_memory_contrast, warmup=not args.no_warmup,
                          chain_claims=args.chain_claims, concurrent_claims=args.concurrent_claims,
                          appends=not args.no_append, log=log,
                          data_dir=None if args.uri else harness.server_options(args.port).data_dir)
            results["machine"] = machine
        finally:
            graph.close()
    finally:
        if started_server and not args.keep_server:
            harness.stop_server(args.port)
    out = args.out or RESULTS / (datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ") + ".json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2, default=str) + "\n")
    print(table(results))
    print(f"\nresults: {out}  ({results['seconds']:.0f}s)")
    return 0
