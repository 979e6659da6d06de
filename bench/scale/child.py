"""The bench's measured processes: each runs in a fresh interpreter, so its time and peak memory are its own.

    python -m bench.scale.child status --uri bolt://127.0.0.1:7686 --mode rows|json|stream|list|raw
    python -m bench.scale.child ingest --uri bolt://127.0.0.1:7686 STORE:KIND:PATH ...
    python -m bench.scale.child parse STORE:KIND:PATH ...

`status` reads the whole graph once (bench/scale/run.py's status-all):
- `rows`: `iter_rows` over every claim (provgraph.engine.status_rows: plain tuples, what
  `provgraph status` streams to its renderers), each row consumed and dropped;
- `json`: the same rows rendered as `status --format json` prints them, the text dropped;
- `stream`: `iter_status` over every claim, a `ClaimStatus` each, consumed and dropped (what
  the nightly report runs);
- `list`: `status(graph)` with every row held at once (for contrast);
- `raw`: the raw scan baseline (`bench.scale.baselines.RAW_SCAN`), streamed.
It prints one JSON object: seconds, plan_seconds (an EXPLAIN first, so the timed run finds
the plan cached), rows, peak RSS (VmHWM) and the RSS before the query
(imports and connection), both in KiB, and the count per status.

`ingest` ingests bench corpus files (one of bench/scale/shapes.py's concurrent writers; bench/scale/footprint.py's
measured ingest) and prints seconds, snapshots_added, snapshots_unchanged, peak_rss_kib. `parse` reads them as the
pipeline does without a database (its two passes: the index, then the records a batch at a time) and prints records,
peak_rss_kib.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from collections import Counter
from pathlib import Path

from bench.common.corpus import FORMATS



def _kib(field: str) -> int:
    """A /proc/self/status field in KiB (VmHWM: the peak RSS), -1 where /proc is missing."""
    status = Path("/proc/self/status")
    for line in (status.read_text().splitlines() if status.exists() else []):
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return -1


def _status(uri: str, mode: str) -> dict[str, object]:
    from datetime import datetime, timezone

    from bench.scale.baselines import RAW_SCAN
    from provgraph.base.config import Settings
    from provgraph.engine.status import iter_status, status
    from provgraph.engine.status_rows import iter_rows, json_array
    from provgraph.graph.connection import Graph, statement

    counts: Counter[str] = Counter()
    with Graph(Settings(uri=uri)) as graph:
        graph.read("RETURN 1")
        # Plan first (EXPLAIN caches the plan), timed apart: the status query takes seconds to plan
        # here, which would otherwise swamp small sizes.
        query = {"raw": RAW_SCAN, "rows": "status_rows_all", "json": "status_rows_all"}.get(mode, "status")
        params: dict[str, object] = {} if mode == "raw" else {"t": datetime.now(timezone.utc), "subject": None, "only": None}
        if mode in ("stream", "list"):
            params.update(claims=None, q=None)
        start = time.perf_counter()
        graph.read("EXPLAIN " + statement(query, params), params)
        plan_seconds = time.perf_counter() - start
        before = _kib("VmRSS")
        start = time.perf_counter()
        rows = 0
        if mode == "rows":
            for values in iter_rows(graph):
                rows += 1
                counts[values.status] += 1
        elif mode == "json":
            for _chunk in json_array(iter_rows(graph)):
                rows += 1
            rows -= 2  # the array's opening and closing
        elif mode == "stream":
            for row in iter_status(graph):
                rows += 1
                counts[row.status] += 1
        elif mode == "list":
            every = status(graph)
            rows = len(every)
            counts.update(row.status for row in every)
        else:
            for row in graph.stream(RAW_SCAN):
                rows += 1
                counts["successors>0" if row["successors"] else "successors=0"] += 1
        seconds = time.perf_counter() - start
    return {"mode": mode, "seconds": seconds, "plan_seconds": plan_seconds, "rows": rows, "peak_rss_kib": _kib("VmHWM"),
            "rss_before_kib": before, "counts": dict(sorted(counts.items()))}


def _ingest(uri: str, specs: list[str]) -> dict[str, object]:
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    from provgraph.base.config import Settings
    from provgraph.graph.connection import Graph
    from provgraph.ingest.pipeline import ingest

    added = unchanged = 0
    with Graph(Settings(uri=uri)) as graph:
        start = time.perf_counter()
        for spec in specs:
            store, kind, path = spec.split(":", 2)
            summary = ingest(graph, kind, Path(path), fmt=FORMATS[kind], store=store)
            added += summary.snapshots_added
            unchanged += summary.snapshots_unchanged
        seconds = time.perf_counter() - start
    return {"seconds": seconds, "snapshots_added": added, "snapshots_unchanged": unchanged, "peak_rss_kib": _kib("VmHWM")}


def _parse(specs: list[str]) -> dict[str, object]:
    """What the pipeline holds of an input without a database: the first pass's index, then the records again a
    batch at a time (provgraph/ingest/pipeline/stream.py)."""
    from provgraph.ingest import get as get_ingester
    from provgraph.ingest.pipeline.batch import batch_size
    from provgraph.ingest.pipeline.stream import index_input, read_batches
    from provgraph.ingest.records import IngestOptions

    records = 0
    for spec in specs:
        store, kind, path = spec.split(":", 2)
        ingester = get_ingester(kind, FORMATS[kind])
        options = IngestOptions(store=store, path=path)
        index = index_input(ingester(Path(path), options))
        for batch in read_batches(ingester(Path(path), options), batch_size()):
            records += len(batch.observations) + len(batch.quarantined) + len(batch.notices)
        del index
    return {"records": records, "peak_rss_kib": _kib("VmHWM")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale.child", description=__doc__.splitlines()[0])
    measured = parser.add_subparsers(dest="measured", required=True)
    status = measured.add_parser("status", help="one whole-graph read")
    status.add_argument("--uri", required=True)
    status.add_argument("--mode", choices=("rows", "json", "stream", "list", "raw"), default="stream")
    ingest = measured.add_parser("ingest", help="an ingest of corpus files")
    ingest.add_argument("--uri", required=True)
    ingest.add_argument("files", nargs="+", help="STORE:KIND:PATH")
    parse = measured.add_parser("parse", help="the pipeline's reading of corpus files, no database")
    parse.add_argument("files", nargs="+", help="STORE:KIND:PATH")
    args = parser.parse_args(argv)
    if args.measured == "status":
        found = _status(args.uri, args.mode)
    elif args.measured == "ingest":
        found = _ingest(args.uri, args.files)
    else:
        found = _parse(args.files)
    json.dump(found, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
