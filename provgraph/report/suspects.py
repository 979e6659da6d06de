"""The report's section "possible unlinked revisions": the suspects of the report's scope (provgraph/engine/suspects.py),
each marked `new` unless the previous run listed it, and the pairs a run listed, kept on the run for the next one."""
from __future__ import annotations

import json
from typing import Any, Iterable

from provgraph.engine.suspects import suspects
from provgraph.graph.connection import Graph

REPORT_COLUMNS = ["earlier", "later", "score", "terms", "earlier_title", "later_title", "new"]


def report_rows(graph: Graph, scope: str | None, previous_run: str | None) -> list[dict[str, Any]]:
    """The suspects for a report of `scope`, each marked `new` unless the run `previous_run` listed it too
    (a previous run recorded before reports listed suspects counts as having listed none)."""
    before: set[str] = set()
    if previous_run:
        rows = graph.read("report_suspects_of_run", {"run": previous_run})
        if rows and rows[0]["suspects"]:
            try:
                before = {str(key) for key in json.loads(rows[0]["suspects"])}
            except ValueError:
                before = set()
    return [{"earlier": s.earlier, "later": s.later, "score": s.score, "terms": ", ".join(s.terms),
             "earlier_title": s.earlier_title, "later_title": s.later_title, "new": s.key not in before}
            for s in suspects(graph, scope=scope or None)]


def remember(graph: Graph, run: str, rows: Iterable[dict[str, Any]]) -> None:
    """Keep on report run `run` the pairs it listed, for the next run's `new` marks."""
    keys = sorted(f"{row['earlier']} -> {row['later']}" for row in rows)
    graph.write("report_record_suspects", {"run": run, "suspects": json.dumps(keys)})


__all__ = ["REPORT_COLUMNS", "remember", "report_rows"]
