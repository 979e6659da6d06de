"""Kept revision closures: verify reads a candidate's closure from the rows kept with its stored status, and those rows
are forgotten or recomputed whenever a write can change the closure (docs/design.md "Kept revision closures")."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from stored_status_helpers import assert_kept_closures_are_the_computation, write_jsonl

from provgraph.engine import stored_status
from provgraph.engine.verify import verify
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest


def _kept(graph: Graph) -> dict[str, list[str] | None]:
    rows = graph.read("MATCH (c:Claim) WHERE NOT coalesce(c.placeholder, false) "
                      "RETURN c.uid AS claim, c.status_closure_successor AS successors")
    return {row["claim"]: row["successors"] for row in rows}


def _entry(uid: str, day: int, supersedes: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    return {"ts": f"2025-01-{day:02d}T00:00:00Z", "id": uid, "subject": "x", "value": uid,
            **({"supersedes": supersedes} if supersedes else {}), **extra}


def test_an_ingest_keeps_each_claims_successor_closure_and_verify_reads_it(graph: Graph, tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "d.jsonl", [_entry("a", 1), _entry("b", 2, ["a"]), _entry("c", 3, ["b"])])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    assert _kept(graph) == {"a": ["b", "c"], "b": ["c"], "c": []}
    assert assert_kept_closures_are_the_computation(graph, datetime.now(timezone.utc)) == 3
    verdict = verify(graph, ["a"], ["a", "b"])
    assert verdict.missing == ("c",)
    # the same answer from the walk, with nothing kept
    graph.write("MATCH (c:Claim) REMOVE c.status_closure_successor")
    assert verify(graph, ["a"], ["a", "b"]).to_dict() | {"at": None} == verdict.to_dict() | {"at": None}


def test_a_new_head_in_a_later_ingest_reaches_every_earlier_members_closure(graph: Graph, tmp_path: Path) -> None:
    # each on a subject of its own, so that the new head's pass does not recompute a and b (no rivals in common)
    entries = [_entry(uid, day, [before] if before else None, subject=f"s-{uid}")
               for uid, day, before in [("a", 1, None), ("b", 2, "a"), ("c", 3, "b"), ("d", 4, "c")]]
    log = write_jsonl(tmp_path / "d.jsonl", entries)
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    write_jsonl(log, entries + [_entry("e", 5, ["d"], subject="s-e")])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    kept = _kept(graph)
    # a claim far from the new edge is either walked when read (nothing kept) or kept with the new head
    assert all(successors is None or "e" in successors for uid, successors in kept.items() if uid != "e"), kept
    assert kept["a"] is None  # forgotten: not among the claims the write affects (it reaches them)
    assert assert_kept_closures_are_the_computation(graph, datetime.now(timezone.utc)) >= 2
    assert verify(graph, ["a"], ["a", "b", "c", "d"]).missing == ("e",)


def test_a_claim_that_too_many_claims_reach_keeps_no_closure(graph: Graph, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stored_status, "CLOSURE_LIMIT", 2)
    log = write_jsonl(tmp_path / "d.jsonl", [_entry("a", 1), _entry("b", 2, ["a"]), _entry("c", 3, ["b"]),
                                             _entry("d", 4, ["c"])])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    assert _kept(graph) == {"a": None, "b": ["c", "d"], "c": ["d"], "d": []}
    assert verify(graph, ["a"], ["a", "b", "c"]).missing == ("d",)


def test_a_kept_closure_answers_another_scope_only_where_its_edges_act_alike(graph: Graph, tmp_path: Path) -> None:
    # b, a claim of org/eu, supersedes a (of org) only in org/eu: kept for org, a's closure is empty; asked for
    # org/us it is still empty, asked for org/eu/de it holds b
    log = write_jsonl(tmp_path / "d.jsonl", [_entry("a", 1, scope="org"), _entry("b", 2, ["a"], scope="org/eu")])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    assert _kept(graph)["a"] == []
    assert verify(graph, ["a"], ["a"], scope="org/eu/de").missing == ("b",)
    assert verify(graph, ["a"], ["a"], scope="org/us").missing == ()
    assert verify(graph, ["a"], ["a"], scope="org").missing == ()
