"""The guarantee on random graphs: after every kind of write, and at every instant where time alone changes a
status, each stored status that a read would use equals the full computation.

Graphs are written the way users write them: log entries through the ingest pipeline (chains, diamonds and cycles
of revision edges, scoped edges, rivals, explicit conflicts, premises, references never ingested, validity windows
and assertions in the future), adjudications and their revocation (also dated in the future), and re-ingests in
which entries are rewritten or vanish. PROVGRAPH_HEAVY=1 runs many more examples.
"""
from __future__ import annotations

import os
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stored_status_helpers import (
    OFFSETS,
    Logs,
    assert_kept_premises_are_the_walk,
    assert_ranks_are_sound,
    assert_stored_is_the_computation,
    claim,
)

from provgraph.base.errors import NotFound, UsageError
from provgraph.engine.adjudication import adjudicate, revoke
from provgraph.engine import stored_status
from provgraph.engine.stored_check import check
from provgraph.graph.connection import Graph
from provgraph.graph.schema import wipe

EXAMPLES = 150 if os.environ.get("PROVGRAPH_HEAVY") == "1" else 6
ROSTER_EXAMPLES = 150 if os.environ.get("PROVGRAPH_HEAVY") == "1" else 3
operation = st.one_of(
    st.tuples(st.just("ingest second log")),
    st.tuples(st.just("adjudicate"), st.integers(0, 6), st.integers(0, 6), st.sampled_from(["yesterday", "in an hour"])),
    st.tuples(st.just("revoke"), st.sampled_from(["in a minute", "next month"])),
    st.tuples(st.just("rewrite"), st.integers(0, 6), st.sampled_from(["1", "2", "3"])),
    st.tuples(st.just("drop"), st.integers(0, 6)),
    st.tuples(st.just("re-ingest")),
)


@pytest.mark.long(50)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=os.environ.get("PROVGRAPH_HEAVY") != "1",
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(claims=st.lists(claim, min_size=2, max_size=6), operations=st.lists(operation, max_size=4))
def test_stored_status_equals_the_computation_after_every_write_and_when_time_passes(
        graph: Graph, claims: list[dict[str, Any]], operations: list[tuple[Any, ...]]) -> None:
    _write_and_compare(graph, claims, operations)


@settings(max_examples=ROSTER_EXAMPLES, deadline=None, derandomize=os.environ.get("PROVGRAPH_HEAVY") != "1",
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(claims=st.lists(claim, min_size=2, max_size=6), operations=st.lists(operation, max_size=4))
def test_rival_rosters_give_the_computation_after_every_write_and_when_time_passes(
        graph: Graph, monkeypatch: pytest.MonkeyPatch, claims: list[dict[str, Any]],
        operations: list[tuple[Any, ...]]) -> None:
    # every subject two claims share is crowded: each keeps a roster and rule 10 of its claims reads it
    monkeypatch.setattr(stored_status, "DEEP", 1)
    _write_and_compare(graph, claims, operations, every_claim_stored=False)
    assert graph.read("MATCH (r:RivalRoster) RETURN count(r) AS n")[0]["n"] == len(
        {row["subject"] for row in graph.read(
            "MATCH (c:Claim) WHERE coalesce(c.subject, '') <> '' "
            "AND NOT EXISTS { (c)<-[:CORRECTS|SUPERSEDES|INVALIDATES]-(:Claim) } "
            "WITH c.subject AS subject, count(*) AS n WHERE n > 1 RETURN subject")})


def _write_and_compare(graph: Graph, claims: list[dict[str, Any]], operations: list[tuple[Any, ...]], *,
                       every_claim_stored: bool = True) -> None:
    wipe(graph)
    start = datetime.now(timezone.utc)
    with tempfile.TemporaryDirectory() as folder:
        logs = Logs(claims, start, Path(folder))
        logs.ingest(graph, 0)
        assert_stored_is_the_computation(graph, start, every_claim_stored=every_claim_stored)
        assert_ranks_are_sound(graph, start)
        assert_kept_premises_are_the_walk(graph, start)
        ingested = {0}
        decisions: list[str] = []
        for op in operations:
            kind = op[0]
            if kind == "ingest second log":
                logs.ingest(graph, 1)
                ingested.add(1)
            elif kind == "re-ingest":
                for which in sorted(ingested):
                    logs.ingest(graph, which)
            elif kind in ("rewrite", "drop"):
                index = op[1] % len(claims)
                if kind == "rewrite":
                    if index not in logs.entries:  # dropped before
                        continue
                    logs.entries[index]["value"] = op[2]
                else:
                    logs.entries.pop(index, None)
                if index % 2 in ingested:
                    logs.ingest(graph, index % 2)
            elif kind == "adjudicate":
                keep, retire = f"c{op[1] % len(claims)}", f"c{op[2] % len(claims)}"
                try:
                    decisions.append(adjudicate(graph, keep, retire, at=start + OFFSETS[op[3]])["adjudication"])
                except (UsageError, NotFound):  # same claim, an opposing decision in force, not ingested (yet)
                    pass
            elif kind == "revoke" and decisions:
                try:
                    revoke(graph, decisions.pop(), at=start + OFFSETS[op[1]])
                except UsageError:  # revoking before the decision
                    pass
            assert_stored_is_the_computation(graph, start, every_claim_stored=every_claim_stored)
            assert_ranks_are_sound(graph, start)
            assert_kept_premises_are_the_walk(graph, start)
        assert check(graph).ok
