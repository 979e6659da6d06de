"""The cliffs of issue 26: one key with many values, asked about at the cost of a key with two (same run, same server).

    python -m bench.scale.cliffs [--values 1000] [--policy latest-wins] [--uri URI] [--json FILE]
    python -m bench.scale.cliffs --premises 4500 [--uri URI] [--json FILE]
    python -m bench.scale.cliffs --all [--uri URI] [--json FILE]    (the three shapes, one table)

A decision log holds one key with N values a second apart and, beside it, a key with two values; both ingested
through the real `logs --format jsonl` ingester and pipeline, with or without `--policy`. Then, for each key:
`conflicts` (the whole graph's, which the big key dominates), `status` of the key's newest entry, and `verify`
with that entry as evidence. Ratios big / small are what the issue's targets are about (within 2x).
`--premises N` measures the third cliff instead: a chain of N decisions, each depending on the one before (DEPENDS_ON),
beside a chain of two; `status` and `verify` of each chain's top.
"""
from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

from bench.common import harness
from bench.common.harness import emit
from provgraph.api import Provgraph
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

BASE = datetime(2025, 3, 1, tzinfo=timezone.utc)


def write_log(path: Path, key: str, values: int, spacing: timedelta) -> list[str]:
    """`values` entries of `key`, `spacing` apart, each a new value; returns their ids, oldest first."""
    ids = []
    with open(path, "a", encoding="utf-8") as handle:
        for n in range(values):
            uid = f"{key}-{n:05d}"
            handle.write(json.dumps({"id": uid, "ts": (BASE + n * spacing).isoformat(), "subject": key,
                                     "value": f"v{n}", "scope": "org/ops", "text": f"set {key} to v{n}"}) + "\n")
            ids.append(uid)
    return ids


def _best(seconds: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        seconds()
        times.append(time.perf_counter() - start)
    return min(times)


def measure(graph: Graph, workdir: Path, values: int, policy: str | None, repeat: int = 3) -> dict[str, Any]:
    from provgraph.graph.schema import install_schema, wipe

    wipe(graph)
    install_schema(graph)
    log = workdir / "flags.jsonl"
    log.unlink(missing_ok=True)
    big = write_log(log, "flag.big", values, timedelta(seconds=1))
    small = write_log(log, "flag.small", 2, timedelta(seconds=1))
    start = time.perf_counter()
    ingest(graph, "logs", log, fmt="jsonl", store="flags", policy=policy)
    out: dict[str, Any] = {"values": values, "policy": policy, "ingest_s": round(time.perf_counter() - start, 2)}
    pg = Provgraph(graph)
    start = time.perf_counter()
    found = pg.conflicts()
    out["conflicts_s"] = round(time.perf_counter() - start, 2)
    out["conflicts"] = [{"kind": c.kind, "subject": c.subject, "members": len(c.claims)} for c in found]
    out.update(_ask(pg, big[-1], small[-1], repeat))
    return out


def _ask(pg: Provgraph, big: str, small: str, repeat: int) -> dict[str, Any]:
    """Each claim's verdict (as its own evidence and candidate set) and status, best-of-`repeat` times of `status` and
    `verify` of it, and the ratios big / small."""
    out: dict[str, Any] = {}
    for label, uid in (("big", big), ("small", small)):
        request = {"evidence": [uid], "candidates": [uid]}
        answer = pg.verify_many([request])[0]
        out[f"verdict_{label}"] = answer.verdict or answer.error
        out[f"status_{label}"] = list(pg.status([uid]))[0].status
        out[f"status_{label}_s"] = round(_best(lambda uid=uid: list(pg.status([uid])), repeat), 4)
        out[f"verify_{label}_s"] = round(_best(lambda request=request: pg.verify_many([request]), repeat), 4)
    for what in ("status", "verify"):
        out[f"{what}_ratio"] = round(out[f"{what}_big_s"] / max(out[f"{what}_small_s"], 1e-6), 2)
    return out


def write_premises(path: Path, name: str, length: int) -> list[str]:
    """A chain of `length` decisions, each depending on the one before; returns their ids, bottom first."""
    ids = []
    with open(path, "a", encoding="utf-8") as handle:
        for n in range(length):
            uid = f"{name}-{n:05d}"
            entry: dict[str, Any] = {"id": uid, "ts": (BASE + n * timedelta(seconds=1)).isoformat(), "subject": uid,
                                     "value": "yes", "scope": "org/ops", "text": f"decision {n} of {name}"}
            if ids:
                entry["depends_on"] = [ids[-1]]
            handle.write(json.dumps(entry) + "\n")
            ids.append(uid)
    return ids


def measure_premises(graph: Graph, workdir: Path, length: int, repeat: int = 3) -> dict[str, Any]:
    """`status` and `verify` of the top of a `length`-deep premise chain and of a chain of two (same run)."""
    from provgraph.graph.schema import install_schema, wipe

    wipe(graph)
    install_schema(graph)
    log = workdir / "premises.jsonl"
    log.unlink(missing_ok=True)
    big = write_premises(log, "deep", length)
    small = write_premises(log, "short", 2)
    start = time.perf_counter()
    ingest(graph, "logs", log, fmt="jsonl", store="premises")
    out: dict[str, Any] = {"premises": length, "ingest_s": round(time.perf_counter() - start, 2)}
    out.update(_ask(Provgraph(graph), big[-1], small[-1], repeat))
    return out


TARGET = 2.0  # the issue's: each shape asked about at the cost of a short one, within 2x


def measure_all(graph: Graph, workdir: Path) -> dict[str, Any]:
    """The three shapes of issue 26, each after a 20-long warm-up that plans its queries; prints their table."""
    shapes: list[tuple[str, int, Callable[[int, int], dict[str, Any]]]] = [
        ("key of 10,000 rival values (no policy)", 10_000, lambda n, r: measure(graph, workdir, n, None, repeat=r)),
        ("subject with 10,000 revisions (latest-wins)", 10_000,
         lambda n, r: measure(graph, workdir, n, "latest-wins", repeat=r)),
        ("premise chain 4,500 deep", 4_500, lambda n, r: measure_premises(graph, workdir, n, repeat=r)),
    ]
    out: dict[str, Any] = {}
    for name, size, run in shapes:
        run(20, 1)
        out[name] = run(size, 3)
    print(f"| shape (target: big / short <= {TARGET}) | ingest (s) | status big / short (s) | ratio "
          "| verify big / short (s) | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, row in out.items():
        marks = {what: "" if row[f"{what}_ratio"] <= TARGET else " (not met)" for what in ("status", "verify")}
        print(f"| {name} | {row['ingest_s']} | {row['status_big_s']} / {row['status_small_s']} | "
              f"{row['status_ratio']}x{marks['status']} | {row['verify_big_s']} / {row['verify_small_s']} | "
              f"{row['verify_ratio']}x{marks['verify']} |")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale.cliffs", description=__doc__.splitlines()[0],
                                     epilog=harness.OWN_SERVER)
    parser.add_argument("--values", type=int, default=1000, help="values of the big key (default 1000)")
    parser.add_argument("--policy", default=None, help="ingest with this policy (e.g. latest-wins); default none")
    parser.add_argument("--premises", type=int, default=0, help="measure a premise chain this deep instead of a key")
    parser.add_argument("--all", action="store_true",
                        help="the issue's three shapes in one run: 10,000 rival values, a 10,000-long latest-wins "
                             "chain, a 4,500-deep premise chain; prints a table against the 2x target")
    parser.add_argument("--uri", default=os.environ.get("PROVGRAPH_BENCH_URI"), help="a server to use (WIPED)")
    parser.add_argument("--json", type=Path, default=None, help="write the numbers here too")
    args = parser.parse_args(argv)
    with (harness.bench_server(args.uri) as settings, Graph(settings) as graph,
          tempfile.TemporaryDirectory(prefix="provgraph-cliffs-") as folder):
        if args.all:
            result = measure_all(graph, Path(folder))
        elif args.premises:
            measure_premises(graph, Path(folder), 20, repeat=1)  # warm-up: plans
            result = measure_premises(graph, Path(folder), args.premises)
        else:
            measure(graph, Path(folder), 20, args.policy, repeat=1)  # warm-up: plans
            result = measure(graph, Path(folder), args.values, args.policy)
    emit(result, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
