"""The cliffs of issue 26: claims whose history is long still get a stored status, equal to the full computation.

A latest-wins chain longer than DEEP (each value supersedes the one before) used to leave its head and every member
past DEEP without a stored status (their revision reach and their subject were past DEEP), so each read walked the
chain once per rival: the square of the chain. Revision ranks (provgraph/engine/ranks.py) spare rule 5 its walk, and
a subject counts only the claims no revision edge retires, so every claim of such a chain is stored.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from stored_status_helpers import assert_ranks_are_sound, full, ingest_log, stored

from provgraph.engine.stored_check import check
from provgraph.engine.stored_status import DEEP
from provgraph.graph.connection import Graph

BASE = datetime(2025, 3, 1, tzinfo=timezone.utc)


def _key(key: str, values: int, first: int = 0) -> list[dict[str, str]]:
    return [{"id": f"{key}-{n:04d}", "ts": (BASE + timedelta(seconds=n)).isoformat(), "subject": key,
             "value": f"v{n}", "scope": "org/ops"} for n in range(first, first + values)]


def _ranks(graph: Graph) -> dict[str, int | None]:
    return {row["claim"]: row["rank"] for row in graph.read("MATCH (c:Claim) RETURN c.uid AS claim, c.revision_rank AS rank")}


def test_every_claim_of_a_latest_wins_chain_past_deep_is_stored_and_equals_the_computation(
        graph: Graph, tmp_path: Path) -> None:
    values = DEEP + 40
    ingest_log(graph, tmp_path / "flags.jsonl", _key("flag.big", values) + _key("flag.small", 2), store="flags", policy="latest-wins")
    now = datetime.now(timezone.utc)
    fresh, missing = stored(graph, now)
    assert not missing and len(fresh) == values + 2
    head, tail = f"flag.big-{values - 1:04d}", "flag.big-0000"
    assert (fresh[head].status, fresh[head].reason) == ("ACTIVE", "CURRENT")
    assert {(row.status, row.reason) for uid, row in fresh.items() if uid.startswith("flag.big") and uid != head} == {
        ("STALE", "SUPERSEDED")}
    ranks = _ranks(graph)
    assert ranks[tail] == 0 and ranks[head] == values - 1
    computed = full(graph, now)
    assert all(fresh[uid] == computed[uid] for uid in fresh)
    assert_ranks_are_sound(graph, now)
    assert check(graph).ok


def test_a_chain_that_grows_by_a_later_ingest_is_ranked_and_stored_again(graph: Graph, tmp_path: Path) -> None:
    for values in (DEEP + 5, DEEP + 10):
        ingest_log(graph, tmp_path / "flags.jsonl", _key("flag.big", values), store="flags", policy="latest-wins")
    now = datetime.now(timezone.utc)
    fresh, missing = stored(graph, now)
    head = f"flag.big-{DEEP + 9:04d}"
    assert not missing and (fresh[head].status, fresh[head].reason) == ("ACTIVE", "CURRENT")
    assert _ranks(graph)[head] == DEEP + 9
    assert_ranks_are_sound(graph, now)
    assert check(graph).ok


def test_an_edge_that_closes_a_cycle_over_ranked_claims_unranks_them_and_rule_5_finds_it(
        graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path / "one.jsonl", [
        {"id": "a", "ts": "2025-01-01T00:00:00Z", "subject": "s", "value": "1"},
        {"id": "b", "ts": "2025-01-02T00:00:00Z", "subject": "s", "value": "2", "supersedes": ["a"]},
        {"id": "c", "ts": "2025-01-03T00:00:00Z", "subject": "s", "value": "3", "corrects": ["b"]},
        {"id": "d", "ts": "2025-01-04T00:00:00Z", "subject": "t", "value": "1", "supersedes": ["c"]},
    ], store="one")
    assert _ranks(graph) == {"a": 0, "b": 1, "c": 2, "d": 3}
    # a second store makes a revise c: a -> c -> b -> a is a cycle, and d reaches it
    ingest_log(graph, tmp_path / "two.jsonl", [{"id": "e", "ts": "2025-01-05T00:00:00Z", "subject": "u"}], store="two")
    graph.write("MATCH (a:Claim {uid: 'a'}), (c:Claim {uid: 'c'}) CREATE (a)-[:SUPERSEDES {scope: ''}]->(c)")
    from provgraph.engine.stored_status import write_with_status
    write_with_status(graph, lambda tx: None, lambda _: (["a"], ()))
    assert _ranks(graph) == {"a": None, "b": None, "c": None, "d": None, "e": 0}
    now = datetime.now(timezone.utc)
    rows = full(graph, now)
    assert {uid: rows[uid].reason for uid in "abc"} == dict.fromkeys("abc", "REVISION_CYCLE")
    assert_ranks_are_sound(graph, now)
    assert graph.read("revision_rank_violations") == []


def test_check_finds_a_rank_a_write_that_bypassed_provgraph_broke_and_fix_repairs_it(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path / "one.jsonl", [
        {"id": "a", "ts": "2025-01-01T00:00:00Z", "subject": "s", "value": "1"},
        {"id": "b", "ts": "2025-01-02T00:00:00Z", "subject": "s", "value": "2", "supersedes": ["a"]},
    ], store="one")
    graph.write("MATCH (a:Claim {uid: 'a'}), (b:Claim {uid: 'b'}) CREATE (a)-[:SUPERSEDES {scope: ''}]->(b)")
    found = check(graph)
    assert not found.ok and {item["claim"] for item in found.drift} >= {"a"}
    assert check(graph, fix=True).fixed >= 2
    assert _ranks(graph) == {"a": None, "b": None}
    assert check(graph).ok
    rows = full(graph, datetime.now(timezone.utc))
    assert {rows["a"].reason, rows["b"].reason} == {"REVISION_CYCLE"}
