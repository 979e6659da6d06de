"""Ingest bench corpus files in a fresh process (one of the concurrent writers the bench starts).

    python -m bench.ingest_probe --uri bolt://127.0.0.1:7686 cards:PATH logs:PATH ...

Prints one JSON object: seconds, snapshots_added, snapshots_unchanged, peak_rss_kib (the process's own VmHWM).
"""
from __future__ import annotations

import argparse
import json
import logging
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ingest_probe")
    parser.add_argument("--uri", required=True)
    parser.add_argument("files", nargs="+", help="STORE:KIND:PATH")
    args = parser.parse_args(argv)
    logging.getLogger("neo4j").setLevel(logging.ERROR)

    from provgraph.base.config import Settings
    from provgraph.graph.connection import Graph
    from provgraph.ingest.pipeline import ingest

    formats = {"cards": "default", "logs": "jsonl"}
    added = unchanged = 0
    with Graph(Settings(uri=args.uri)) as graph:
        start = time.perf_counter()
        for spec in args.files:
            store, kind, path = spec.split(":", 2)
            summary = ingest(graph, kind, Path(path), fmt=formats[kind], store=store)
            added += summary.snapshots_added
            unchanged += summary.snapshots_unchanged
        seconds = time.perf_counter() - start
    from bench.ingest_memory import peak_rss_kib

    print(json.dumps({"seconds": seconds, "snapshots_added": added, "snapshots_unchanged": unchanged,
                      "peak_rss_kib": peak_rss_kib()}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
