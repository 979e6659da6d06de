"""The nightly append (issue 41): after the full ingest of N claims, 1% new entries appended to the same files and
ingested through the real pipeline, then 1% more that each supersede an old entry; each timed against the full ingest.

Every earlier line of every file stays byte for byte (`bench.common.corpus.extend`), so the append re-reads the stores
(unchanged entries written nothing) and writes what is new. The second append revises heads drawn from the whole
store, not from its end, so what it costs is what the appended entries and their chains touch wherever they lie.
Each append's statements are timed by name (`bench.scale.profiling.StatementTimer`), so a run says where its time went.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

from bench.common.corpus import Corpus, extend, write_files
from bench.scale.profiling import StatementTimer
from provgraph.engine.status import status
from provgraph.graph.connection import Graph

FRACTION = 0.01
STATEMENTS_KEPT = 8  # the costliest named statements of each append, in the results
CHECKED = 50  # superseded old claims whose status is read after the second append (each must be STALE)

IngestAll = Callable[[Graph, list[tuple[str, str, Path]]], dict[str, Any]]


def measure(graph: Graph, corpus: Corpus, folder: Path, full_seconds: float, ingest_all: IngestAll,
            log: Callable[[str], None], fraction: float = FRACTION) -> dict[str, Any]:
    """Both appends on the store `corpus` was ingested into from `folder` (whose files are rewritten, longer)."""

    size = len(corpus.claims)
    count = max(1, round(size * fraction))
    result: dict[str, Any] = {"entries": count, "fraction": fraction}
    for variant, supersede in (("new", False), ("supersede", True)):
        added = extend(corpus, count, supersede=supersede)
        files = write_files(corpus, folder)
        with StatementTimer() as timer:
            begin = time.perf_counter()
            ingested = ingest_all(graph, files)
            seconds = time.perf_counter() - begin
        if ingested["claims_written"] < len(added) or ingested["snapshots_added"] != len(added):
            raise RuntimeError(f"append ({variant}): {len(added)} entries appended, {ingested['snapshots_added']} "
                               f"snapshots added, {ingested['claims_written']} claims written")
        entry: dict[str, Any] = {**ingested, "appended": len(added), "seconds": seconds, "vs_ingest": seconds / full_seconds,
                                 "statements": {name: round(timer.seconds[name], 3) for name in sorted(
                                     timer.seconds, key=lambda name: -timer.seconds[name])[:STATEMENTS_KEPT]},
                                 "statement_seconds": sum(timer.seconds.values())}
        if supersede:
            old = [target for claim in added[:CHECKED] for target in claim.supersedes]
            judged = status(graph, old)
            entry["superseded_stale"] = sum(1 for row in judged if row.status == "STALE")
            entry["superseded_checked"] = len(old)
            if entry["superseded_stale"] != len(old):
                raise RuntimeError(f"append (supersede): {len(old) - entry['superseded_stale']} of {len(old)} "
                                   "superseded old claims are not STALE")
        result[variant] = entry
        log(f"[{size}] append of {len(added)} ({variant}): {seconds:.1f}s "
            f"({100 * seconds / full_seconds:.1f}% of the full ingest); "
            f"{', '.join(f'{k} {v:.1f}s' for k, v in list(entry['statements'].items())[:4])}")
    result["supersede_vs_new"] = result["supersede"]["seconds"] / result["new"]["seconds"]
    return result
