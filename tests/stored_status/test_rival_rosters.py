"""Rival rosters (provgraph/engine/rosters.py): a key with more rival values than DEEP keeps one roster, rule 10 of
its members reads it and gives the computation that judges every claim, and `check` proves and mends it."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from stored_status_helpers import full, no_stored_status, write_jsonl

from provgraph.engine.stored_check import check
from provgraph.engine.stored_status import DEEP
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

BASE = datetime(2025, 3, 1, tzinfo=timezone.utc)
VALUES = DEEP + 5


def _key(key: str, values: int) -> list[dict[str, str]]:
    return [{"id": f"{key}-{n:04d}", "ts": (BASE + timedelta(seconds=n)).isoformat(), "subject": key,
             "value": f"v{n}", "scope": "org/ops"} for n in range(values)]


def _rosters(graph: Graph) -> dict[str, int]:
    return {row["subject"]: row["members"] for row in graph.read(
        "MATCH (r:RivalRoster) RETURN r.subject AS subject, r.owed AS owed, size(r.members) AS members")}


def test_only_the_key_past_deep_keeps_a_roster_and_its_members_read_the_computation(graph: Graph, tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "flags.jsonl", _key("flag.big", VALUES) + _key("flag.small", 2))
    ingest(graph, "logs", log, fmt="jsonl", store="flags")
    assert _rosters(graph) == {"flag.big": VALUES}
    now = datetime.now(timezone.utc)
    with_roster = full(graph, now)
    with no_stored_status(graph):
        judged = full(graph, now)
    assert with_roster == judged
    newest = with_roster[f"flag.big-{VALUES - 1:04d}"]
    assert newest.status == "CONFLICT" and len(newest.conflicts_with) == VALUES - 1


def test_a_key_whose_values_a_policy_chains_drops_its_roster(graph: Graph, tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "flags.jsonl", _key("flag.big", VALUES))
    ingest(graph, "logs", log, fmt="jsonl", store="flags")
    assert set(_rosters(graph)) == {"flag.big"}
    ingest(graph, "logs", log, fmt="jsonl", store="flags", policy="latest-wins")  # each value supersedes the last
    assert _rosters(graph) == {}
    assert check(graph).ok


def test_check_finds_a_roster_a_write_that_bypassed_provgraph_changed_and_fix_mends_it(
        graph: Graph, tmp_path: Path) -> None:
    ingest(graph, "logs", write_jsonl(tmp_path / "flags.jsonl", _key("flag.big", VALUES)), fmt="jsonl", store="flags")
    assert check(graph).ok
    graph.write("MATCH (r:RivalRoster) SET r.members = r.members[1..] + r.members[0..1]")
    found = check(graph)
    assert not found.ok and set(found.rosters_drifted) == {"flag.big"}
    assert set(found.rosters_drifted["flag.big"]) == {"members"}
    assert check(graph, fix=True).fixed >= 1
    assert check(graph).ok
