"""Write-time status: after every kind of write the stored status equals the full computation."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from stored_status_helpers import assert_stored_is_the_computation, stored, write_jsonl

from provgraph.engine.adjudication import adjudicate, revoke
from provgraph.engine.status import status
from provgraph.engine.stored_check import check
from provgraph.engine.stored_status import compute, current_generation, store_computed
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest


def _iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def test_an_ingest_stores_every_claims_status_and_it_equals_the_computation(graph: Graph, tmp_path: Path) -> None:
    start = datetime.now(timezone.utc)
    log = write_jsonl(tmp_path / "d.jsonl", [
        {"ts": "2025-01-01T00:00:00Z", "id": "a", "subject": "x", "value": "1", "scope": "org"},
        {"ts": "2025-02-01T00:00:00Z", "id": "b", "subject": "x", "value": "2", "scope": "org", "supersedes": ["a"]},
        {"ts": "2025-02-01T00:00:00Z", "id": "c", "subject": "y", "value": "1", "scope": "org/eu", "depends_on": ["b"]},
        {"ts": "2025-02-01T00:00:00Z", "id": "d", "subject": "y", "value": "2", "scope": "org/eu"},
    ])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    fresh, missing = stored(graph, datetime.now(timezone.utc))
    assert set(fresh) == {"a", "b", "c", "d"} and not missing
    assert {uid: (row.status, row.reason) for uid, row in fresh.items()} == {
        "a": ("STALE", "SUPERSEDED"), "b": ("ACTIVE", "CURRENT"),
        "c": ("CONFLICT", "RIVAL_CLAIM"), "d": ("CONFLICT", "RIVAL_CLAIM")}
    assert assert_stored_is_the_computation(graph, start) > 0
    assert check(graph).ok


def test_a_status_that_expires_with_no_write_is_recomputed_by_the_read(graph: Graph, tmp_path: Path) -> None:
    start = datetime.now(timezone.utc)
    soon = start + timedelta(hours=1)
    log = write_jsonl(tmp_path / "d.jsonl", [
        {"ts": "2025-01-01T00:00:00Z", "id": "a", "subject": "x", "value": "1", "valid_until": _iso(soon)},
        {"ts": "2025-01-01T00:00:00Z", "id": "b", "subject": "x", "value": "2"},
        {"ts": "2025-01-01T00:00:00Z", "id": "p", "subject": "z", "depends_on": ["b"]},
    ])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    before = {row.claim: row.reason for row in status(graph)}
    assert before == {"a": "RIVAL_CLAIM", "b": "RIVAL_CLAIM", "p": "PREMISE_NOT_CURRENT"}
    later = soon + timedelta(seconds=1)
    fresh_later, _ = stored(graph, later)
    assert "a" not in fresh_later and "b" not in fresh_later and "p" not in fresh_later  # all three expire with a
    after = {row.claim: row.reason for row in status(graph, at=later)}
    assert after == {"a": "EXPIRED", "b": "CURRENT", "p": "CURRENT"}
    assert assert_stored_is_the_computation(graph, start) > 0


def test_adjudication_and_revocation_restore_the_stored_status(graph: Graph, tmp_path: Path) -> None:
    start = datetime.now(timezone.utc)
    log = write_jsonl(tmp_path / "d.jsonl", [
        {"ts": "2025-01-01T00:00:00Z", "id": "s13", "subject": "loc", "value": "Seattle", "scope": "u1"},
        {"ts": "2025-01-02T00:00:00Z", "id": "s33", "subject": "loc", "value": "Austin", "scope": "u1"},
        {"ts": "2025-01-02T00:00:00Z", "id": "dep", "subject": "other", "scope": "u1", "depends_on": ["s33"]},
    ])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    decision = adjudicate(graph, "s33", "s13", scope="u1")
    assert {row.claim: row.reason for row in status(graph)} == {"dep": "CURRENT", "s13": "SUPERSEDED", "s33": "CURRENT"}
    assert assert_stored_is_the_computation(graph, start) > 0
    future = datetime.now(timezone.utc) + timedelta(days=2)
    revoke(graph, decision["adjudication"], at=future)  # in force until then: the stored status expires then
    assert assert_stored_is_the_computation(graph, start) > 0
    assert {row.claim: row.reason for row in status(graph, at=future + timedelta(seconds=1))}["s13"] == "RIVAL_CLAIM"


def test_a_status_computed_outside_the_lock_is_not_stored_when_a_write_commits_before_the_store(
        graph: Graph, tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "d.jsonl", [
        {"ts": "2025-01-01T00:00:00Z", "id": "a", "subject": "x", "value": "1"},
    ])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    generation = current_generation(graph)
    computed = compute(graph, ["a"])  # a is ACTIVE when this is computed
    assert [row["status"] for row in computed[1]] == ["ACTIVE"]
    assert store_computed(graph, ["a"], computed, generation) == (1, True)  # nothing changed since: stored as computed

    generation = current_generation(graph)
    computed = compute(graph, ["a"])
    write_jsonl(log, [
        {"ts": "2025-01-01T00:00:00Z", "id": "a", "subject": "x", "value": "1"},
        {"ts": "2025-03-01T00:00:00Z", "id": "b", "subject": "x", "value": "2", "supersedes": ["a"]},
    ])
    ingest(graph, "logs", log, fmt="jsonl", store="d")  # a graph-changing write between the computation and its store
    assert current_generation(graph) > generation
    assert store_computed(graph, ["a"], computed, generation) == (1, False)  # computed again under the lock
    fresh, _ = stored(graph, datetime.now(timezone.utc))
    assert (fresh["a"].status, fresh["a"].reason) == ("STALE", "SUPERSEDED")
    assert check(graph).ok


def test_an_empty_list_of_a_stored_status_is_no_property_and_reads_back_empty(graph: Graph, tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "d.jsonl", [
        {"ts": "2025-01-01T00:00:00Z", "id": "a", "subject": "x", "value": "1"},
        {"ts": "2025-02-01T00:00:00Z", "id": "b", "subject": "x", "value": "2", "supersedes": ["a"]},
        {"ts": "2025-02-01T00:00:00Z", "id": "d", "subject": "y", "value": "1"},
    ])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    kept = {row["uid"]: row["kept"] for row in graph.read(
        "MATCH (c:Claim) RETURN c.uid AS uid, [k IN keys(c) WHERE k STARTS WITH 'status_' "
        "AND valueType(c[k]) STARTS WITH 'LIST' | [k, c[k]]] AS kept")}
    # a claim nothing revises keeps only the successor list of its (empty, kept) closure
    assert kept["d"] == [["status_closure_successor", []]]
    assert dict(map(tuple, kept["a"]))["status_successors"] == ["b"]
    rows = {row["claim"]: row for row in graph.read("status_stored_all", {"t": datetime.now(timezone.utc),
                                                                          "subject": None, "only": None})}
    assert all(rows["d"][column] == [] for column in ("successors", "conflicts_with", "premises",
                                                       "premises_not_current", "pending", "amendments"))
    assert rows["a"]["successors"] == ["b"]
    assert check(graph).ok
