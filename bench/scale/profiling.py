"""`python -m bench --profile [--sizes N]`: where ingest and status spend their time.

1. Ingest of an N-claim corpus under pyinstrument (Python side), with the time of each
   named Cypher statement the pipeline runs (server side, measured from `tx.run` to the
   end of `consume()`).
2. Cypher PROFILE of the status query for a sample of claims and of the whole-graph
   status run's first rows: the operators with the most database hits.
Writes bench/results/profile-<timestamp>.txt (and .html for pyinstrument).
"""
from __future__ import annotations

import random
import re
import time
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

import neo4j

from bench.common.corpus import generate, ingest_files, write_files
from bench.common.harness import reset
from provgraph.base.config import Settings
from provgraph.graph.connection import Graph, statement

_NAME = re.compile(r"^//\s*name:\s*(\S+)", re.M)


class StatementTimer:
    """Time every statement run in a transaction function, keyed by its `// name:` header."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)
        self._originals: list[tuple[Any, str, Any]] = []

    def __enter__(self) -> "StatementTimer":
        timer = self
        original_run = neo4j.ManagedTransaction.run

        def run(tx: Any, query: str, *args: Any, **kwargs: Any) -> Any:
            match = _NAME.search(query if isinstance(query, str) else str(query))
            name = match.group(1) if match else query.strip().splitlines()[0][:60]
            start = time.perf_counter()
            result = original_run(tx, query, *args, **kwargs)
            original_consume = result.consume

            def consume() -> Any:
                summary = original_consume()
                timer.seconds[name] += time.perf_counter() - start
                timer.calls[name] += 1
                return summary

            result.consume = consume  # type: ignore[method-assign]
            return result

        self._originals.append((neo4j.ManagedTransaction, "run", original_run))
        neo4j.ManagedTransaction.run = run  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        for owner, attribute, original in self._originals:
            setattr(owner, attribute, original)

    def report(self, total: float) -> list[str]:
        lines = [f"{'statement':40} {'calls':>6} {'seconds':>9} {'share':>6}"]
        for name, seconds in sorted(self.seconds.items(), key=lambda item: -item[1]):
            lines.append(f"{name:40} {self.calls[name]:6} {seconds:9.2f} {100 * seconds / total:5.1f}%")
        return lines


def _operators(plan: dict[str, Any], depth: int = 0) -> list[tuple[int, int, str]]:
    """(db hits, depth, operator + details) for each operator of a PROFILE plan."""
    args = plan.get("args", {})
    hits = int(plan.get("dbHits", args.get("DbHits", 0)) or 0)
    details = str(args.get("Details", ""))[:110]
    rows = int(plan.get("rows", args.get("Rows", 0)) or 0)
    found = [(hits, depth, f"{plan.get('operatorType', '?')} rows={rows} {details}")]
    for child in plan.get("children", []):
        found += _operators(child, depth + 1)
    return found


def profile_query(graph: Graph, query: str, params: dict[str, Any], top: int = 15) -> list[str]:
    try:
        with graph.driver.session(database=graph.settings.database) as session:
            start = time.perf_counter()
            result = session.run("PROFILE " + statement(query, params), params)
            for _ in result:  # a PROFILE's statistics exist once every row has been pulled
                pass
            summary = result.consume()
            seconds = time.perf_counter() - start
    except neo4j.exceptions.Neo4jError as error:
        return [f"PROFILE failed: {error.message}"]
    plan = summary.profile or {}
    operators = _operators(plan)
    total = sum(hits for hits, _, _ in operators)
    lines = [f"{seconds:.2f}s, {total:,} db hits in total; top operators:"]
    for hits, _depth, text in sorted(operators, key=lambda item: -item[0])[:top]:
        lines.append(f"  {hits:>12,}  {text}")
    return lines


def profile(graph: Graph, settings: Settings, claims: int, *, seed: int, out: Path, log: Callable[[str], None]) -> Path:
    import tempfile

    from pyinstrument import Profiler

    out.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    report: list[str] = [f"profile of {claims} claims, seed {seed}"]
    corpus = generate(claims, seed)
    with tempfile.TemporaryDirectory(prefix="provgraph-profile-") as temp:
        files = write_files(corpus, Path(temp))
        reset(graph)
        profiler = Profiler(interval=0.005)
        with StatementTimer() as timer:
            profiler.start()
            first = ingest_files(graph, files)
            profiler.stop()
        report += ["", f"== ingest: {first['seconds']:.2f}s ({claims / first['seconds']:.0f} claims/s)"]
        report += timer.report(first["seconds"])
        report += ["", profiler.output_text(unicode=False, color=False, show_all=False)]
        (out / f"profile-{stamp}-ingest.html").write_text(profiler.output_html())
        with StatementTimer() as timer:
            start = time.perf_counter()
            again = ingest_files(graph, files)
            seconds = time.perf_counter() - start
        report += ["", f"== re-ingest: {again['seconds']:.2f}s"] + timer.report(seconds)

        rng = random.Random(seed)
        sample = [rng.choice(corpus.claims).uid for _ in range(200)]
        params = {"claims": sample, "q": None, "t": datetime.now(timezone.utc), "subject": None, "only": None}
        report += ["", "== PROFILE status for 200 sampled claims"]
        report += profile_query(graph, "status", params)
        params_all = dict(params, claims=None)
        report += ["", f"== PROFILE status for every claim ({claims})"]
        report += profile_query(graph, "status", params_all)
        reset(graph)
    path = out / f"profile-{stamp}.txt"
    path.write_text("\n".join(report) + "\n")
    log("\n".join(report))
    log(f"profile written to {path}")
    return path
