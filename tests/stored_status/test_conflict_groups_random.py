"""On random graphs, `conflicts` as groups lists the same conflicts as rule 10 and rule 5 pair by pair.

The oracle judges every claim (the status query) and asks the rivals query for each one in CONFLICT, as
`conflicts` did before it grouped: a group at (subject, scope) must hold exactly the claims in CONFLICT there that
have an ACTIVE rival, for every scope some claim in CONFLICT is judged at; explicit pairs and cycles are unchanged.
"""
from __future__ import annotations

import os
from datetime import datetime, timezone
from typing import Any

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stored_status_helpers import ingest_both_logs, claim

from provgraph.engine.conflicts import conflicts
from provgraph.engine.status import status
from provgraph.graph.connection import Graph

EXAMPLES = 100 if os.environ.get("PROVGRAPH_HEAVY") == "1" else 5


def _pairwise(graph: Graph, scope: str | None, t: datetime) -> tuple[dict[tuple[str, str], set[str]], set[tuple[str, ...]]]:
    """(rival groups keyed by (subject, scope), explicit pairs), from the status and rivals queries claim by claim."""
    groups: dict[tuple[str, str], set[str]] = {}
    explicit: set[tuple[str, ...]] = set()
    judged = [row for row in status(graph, scope=scope, at=t, only=["CONFLICT"]) if row.reason != "REVISION_CYCLE"]
    for row in judged:
        at_q = {r.claim: r for r in status(graph, scope=row.question_scope, at=t, only=["CONFLICT"])}
        rivals = graph.read("rivals",
                            {"claims": [row.claim], "q": row.question_scope, "t": t, "subject": None, "active": False})
        for rival in rivals:
            if rival["rival_status"] != "ACTIVE":
                continue
            if rival["kind"] == "EXPLICIT_CONFLICT":
                explicit.add(tuple(sorted((row.claim, rival["rival"]))))
                continue
            group = groups.setdefault((row.subject or "", row.question_scope), set())
            group.add(row.claim)
            # the rival's own rivals at this scope belong to the group too (each member judged at the group's scope)
            for uid, other in at_q.items():
                if other.subject == row.subject and uid not in group:
                    more = graph.read("rivals",
                                      {"claims": [uid], "q": row.question_scope, "t": t, "subject": None, "active": False})
                    if any(m["kind"] == "RIVAL_CLAIM" and m["rival_status"] == "ACTIVE" for m in more):
                        group.add(uid)
    return groups, explicit


@pytest.mark.long(40)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=os.environ.get("PROVGRAPH_HEAVY") != "1",
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(claims=st.lists(claim, min_size=3, max_size=7), scope=st.sampled_from([None, "org/a", ""]))
def test_rival_groups_hold_exactly_the_claims_rule_10_pairs(graph: Graph, claims: list[dict[str, Any]],
                                                            scope: str | None) -> None:
    start = datetime.now(timezone.utc)
    ingest_both_logs(graph, claims, start)
    groups, explicit = _pairwise(graph, scope, start)
    found = conflicts(graph, scope=scope, at=start)
    assert {(c.subject or "", c.scope): set(c.claims) for c in found if c.kind == "RIVAL_CLAIM"} == groups
    assert {c.claims for c in found if c.kind == "EXPLICIT_CONFLICT"} == explicit
