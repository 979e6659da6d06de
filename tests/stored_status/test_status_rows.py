"""`provgraph status` over the whole graph streams plain tuples (provgraph.engine.status_rows) to its renderers: each
row is its claim's `ClaimStatus.to_dict()` values, built from the stored status when it is fresh and from the full
computation otherwise, and every format prints the bytes the `ClaimStatus` gives (tests/api/test_api.py pins JSON)."""
from __future__ import annotations

import csv
import io
import os
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import click
from cli_helpers import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stored_status_helpers import OFFSETS, Logs, claim

from provgraph.api import Provgraph
from provgraph.engine.adjudication import adjudicate
from provgraph.engine.status import iter_status
from provgraph.engine.status_rows import FIELDS, iter_rows, row_of
from provgraph.graph.connection import Graph
from provgraph.graph.schema import wipe
from provgraph.views.display import account_text, status_line

EXAMPLES = 100 if os.environ.get("PROVGRAPH_HEAVY") == "1" else 5


def _rows_are_the_statuses(graph: Graph, **question: Any) -> int:
    expected = [row_of(status) for status in iter_status(graph, **question)]
    assert list(iter_rows(graph, **question)) == expected
    return len(expected)


def _table_line(row: Any) -> str:
    """The line `status` printed from a `ClaimStatus` before it streamed rows."""
    from provgraph.base.text import short_hash

    why, account = row.why(), account_text(row)
    return (f"{status_line(row)}  {row.location or '-'}@{short_hash(row.snapshot) or '-'}  "
            f"{row.claim + ' ' + why if why else ''}".rstrip() + (f"  {account}" if account else ""))


def test_every_format_of_status_prints_what_the_claim_statuses_give(story: Provgraph) -> None:
    assert _rows_are_the_statuses(story.graph) > 10
    statuses = list(story.iter_status())
    assert FIELDS == tuple(statuses[0].to_dict())
    table = run("status")
    assert table.exit_code == 0 and table.stdout == "".join(click.unstyle(_table_line(s)) + "\n" for s in statuses)
    printed = list(csv.DictReader(io.StringIO(run("status", "--format", "csv").stdout)))
    assert [row["claim"] for row in printed] == [s.claim for s in statuses]
    assert [row["because"] for row in printed] == [s.because or "" for s in statuses]
    for args in (["--only", "STALE,CONFLICT"], ["--at", "2024-03-01"], ["--scope", "org/acme/payments"]):
        assert run("status", *args, "--format", "json").stdout == story.status(**_question(args)).to_json() + "\n"
    assert [dict(zip(FIELDS, row)) for row in story.status_rows(["ADR-0001"])] == [story.status(["ADR-0001"])[0].to_dict()]


def _question(args: list[str]) -> dict[str, Any]:
    return {args[0].lstrip("-"): args[1]}


def test_rows_of_stale_stored_statuses_and_filters_are_the_computation(graph: Graph) -> None:
    with tempfile.TemporaryDirectory() as folder:
        start = datetime.now(timezone.utc)
        logs = Logs([{"subject": "x", "value": str(i % 2), "scope": "org", "ts": "yesterday", "valid_from": None,
                      "valid_until": "in an hour" if i == 1 else None, "edges": [("supersedes", i - 1)] if i == 3 else []}
                     for i in range(5)], start, Path(folder))
        logs.ingest(graph, 0)
        logs.ingest(graph, 1)
        adjudicate(graph, "c2", ["c4"], why="c2 holds")
        for offset in OFFSETS.values():  # later: a stored status that expired there is computed instead
            assert _rows_are_the_statuses(graph, at=start + offset) >= 0
        assert _rows_are_the_statuses(graph, only=["STALE"]) and _rows_are_the_statuses(graph, subject="x")
        assert _rows_are_the_statuses(graph, scope="org/a")


@settings(max_examples=EXAMPLES, deadline=None, derandomize=os.environ.get("PROVGRAPH_HEAVY") != "1",
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(claims=st.lists(claim, min_size=2, max_size=6))
def test_rows_are_the_claim_statuses_on_random_logs_at_every_instant(graph: Graph, claims: list[dict[str, Any]]) -> None:
    wipe(graph)
    start = datetime.now(timezone.utc)
    with tempfile.TemporaryDirectory() as folder:
        logs = Logs(claims, start, Path(folder))
        logs.ingest(graph, 0)
        logs.ingest(graph, 1)
        for offset in OFFSETS.values():
            _rows_are_the_statuses(graph, at=start + offset)
