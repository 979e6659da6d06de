"""Run one whole-graph read in a fresh process and report its time and peak memory.

    python -m bench.status_probe --uri bolt://127.0.0.1:7686 --mode rows|json|stream|list|raw

- `rows`: `iter_rows` over every claim (provgraph.engine.status_rows: plain tuples, what
  `provgraph status` streams to its renderers), each row consumed and dropped;
- `json`: the same rows rendered as `status --format json` prints them, the text dropped;
- `stream`: `iter_status` over every claim, a `ClaimStatus` each, consumed and dropped (what
  the nightly report runs);
- `list`: `status(graph)` with every row held at once (for contrast);
- `raw`: the raw scan baseline (`bench.baselines.RAW_SCAN`), streamed.

Prints one JSON object: seconds, plan_seconds (an EXPLAIN first, so the timed run finds
the plan cached), rows, peak RSS (VmHWM) and the RSS before the query
(imports and connection), both in KiB, and the count per status.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path


def _kib(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return -1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.status_probe")
    parser.add_argument("--uri", required=True)
    parser.add_argument("--mode", choices=("rows", "json", "stream", "list", "raw"), default="stream")
    args = parser.parse_args(argv)

    from datetime import datetime, timezone

    from bench.baselines import RAW_SCAN
    from provgraph.base.config import Settings
    from provgraph.engine.status import iter_status, status
    from provgraph.engine.status_rows import iter_rows, json_array
    from provgraph.graph.connection import Graph, statement

    counts: Counter[str] = Counter()
    with Graph(Settings(uri=args.uri)) as graph:
        graph.read("RETURN 1")
        # Plan first (EXPLAIN caches the plan), timed apart: the status query takes seconds to plan
        # here, which would otherwise swamp small sizes.
        query = {"raw": RAW_SCAN, "rows": "status_rows_all", "json": "status_rows_all"}.get(args.mode, "status")
        params: dict[str, object] = {} if args.mode == "raw" else {"t": datetime.now(timezone.utc), "subject": None,
                                                                   "only": None}
        if args.mode in ("stream", "list"):
            params.update(claims=None, q=None)
        start = time.perf_counter()
        graph.read("EXPLAIN " + statement(query, params), params)
        plan_seconds = time.perf_counter() - start
        before = _kib("VmRSS")
        start = time.perf_counter()
        rows = 0
        if args.mode == "rows":
            for values in iter_rows(graph):
                rows += 1
                counts[values.status] += 1
        elif args.mode == "json":
            for _chunk in json_array(iter_rows(graph)):
                rows += 1
            rows -= 2  # the array's opening and closing
        elif args.mode == "stream":
            for row in iter_status(graph):
                rows += 1
                counts[row.status] += 1
        elif args.mode == "list":
            every = status(graph)
            rows = len(every)
            counts.update(row.status for row in every)
        else:
            for row in graph.stream(RAW_SCAN):
                rows += 1
                counts["successors>0" if row["successors"] else "successors=0"] += 1
        seconds = time.perf_counter() - start
    json.dump({"mode": args.mode, "seconds": seconds, "plan_seconds": plan_seconds, "rows": rows, "peak_rss_kib": _kib("VmHWM"),
               "rss_before_kib": before, "counts": dict(sorted(counts.items()))}, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
