"""Set-wise verify (one verify_requests query per chunk, stored statuses where they answer) gives the same verdict,
byte for byte, as the four named queries asked one request at a time; on random graphs written through the
pipeline, with and without stored statuses, for every kind of question (scope, time, subject, candidates)."""
from __future__ import annotations

import json
import os
from datetime import datetime, timezone
from typing import Any

import pytest

from hypothesis import HealthCheck, given, settings
from four_queries import judge, runner
from hypothesis import strategies as st
from stored_status_helpers import ingest_both_logs, OFFSETS, claim

from provgraph.base.errors import NotFound, UsageError
from provgraph.engine.adjudication import adjudicate
from provgraph.engine.verify.judge import _advise, verify_batch
from provgraph.engine.verify.request import Question
from provgraph.graph.connection import Graph

EXAMPLES = 100 if os.environ.get("PROVGRAPH_HEAVY") == "1" else 5

request = st.fixed_dictionaries({
    "evidence": st.lists(st.integers(0, 6), min_size=1, max_size=2),
    "candidates": st.one_of(st.none(), st.lists(st.integers(0, 7), max_size=4)),
    "scope": st.sampled_from([None, None, "", "org", "org/a", "org/a/b"]),
    "subject": st.sampled_from([None, None, "x"]),
    "at": st.sampled_from([None, None, None, "yesterday", "in an hour"]),
})


def _four_queries(graph: Graph, requests: list[dict[str, Any]]) -> list[str]:
    def one(request: dict[str, Any]) -> str:
        return graph.transaction(
            lambda tx: _advise(runner(tx), [judge(runner(tx), Question.from_request(request))])[0]).to_json()

    return [one(r) for r in requests]


def _setwise(graph: Graph, requests: list[dict[str, Any]]) -> list[str]:
    out = []
    for verdict in verify_batch(graph, requests):
        verdict.pop("line")
        out.append(json.dumps(verdict, sort_keys=True, ensure_ascii=False))
    return out


@pytest.mark.long(40)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=os.environ.get("PROVGRAPH_HEAVY") != "1",
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(claims=st.lists(claim, min_size=2, max_size=6), requests=st.lists(request, min_size=1, max_size=6),
       decide=st.none() | st.tuples(st.integers(0, 6), st.integers(0, 6)))
def test_setwise_verdicts_are_the_four_query_verdicts_byte_for_byte(
        graph: Graph, claims: list[dict[str, Any]], requests: list[dict[str, Any]], decide: Any) -> None:
    start = datetime.now(timezone.utc)
    ingest_both_logs(graph, claims, start)
    if decide is not None:
        try:
            adjudicate(graph, f"c{decide[0] % len(claims)}", f"c{decide[1] % len(claims)}", scope="org")
        except (UsageError, NotFound):
            pass
    shaped = []
    for r in requests:
        shaped.append({
            "evidence": [f"c{i}" for i in r["evidence"]],
            "candidates": None if r["candidates"] is None else [f"c{i}" if i < 7 else "nowhere" for i in r["candidates"]],
            "scope": r["scope"], "subject": r["subject"],
            "at": None if r["at"] is None else (start + OFFSETS[r["at"]]).isoformat(),
        })
    assert _setwise(graph, shaped) == _four_queries(graph, shaped)
    # the same graph with no stored status at all: every answer comes from the named queries' fallbacks
    graph.write("MATCH (c:Claim) REMOVE c.status")
    assert _setwise(graph, shaped) == _four_queries(graph, shaped)
