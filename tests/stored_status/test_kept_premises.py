"""Kept premises (docs/design.md "Kept premises"): a premise chain longer than DEEP is stored from the bottom up, and
rule 11 stops at the stored premise below a claim, with the same rows as a walk of every premise.

Before, every claim with more than DEEP premises was left unstored and walked its whole chain on every read (the
top of a 4,500-deep chain read 4,500 claims, each judged by rules 1-10).
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from stored_status_helpers import assert_kept_premises_are_the_walk, full, no_stored_status, stored, write_jsonl

from provgraph.engine.premise_order import BAND_LEVELS, premise_bands
from provgraph.engine.stored_check import check
from provgraph.engine.stored_status import DEEP
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

BASE = datetime(2025, 3, 1, tzinfo=timezone.utc)


def _chain(name: str, length: int, **bottom: Any) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    for n in range(length):
        entry: dict[str, Any] = {"id": f"{name}-{n:04d}", "ts": (BASE + timedelta(seconds=n)).isoformat(),
                                 "subject": f"{name}-{n:04d}", "value": "yes", "scope": "org/ops"}
        if entries:
            entry["depends_on"] = [entries[-1]["id"]]
        entries.append(entry)
    entries[0].update(bottom)
    return entries


def test_every_claim_of_a_premise_chain_past_deep_is_stored_and_lists_only_its_direct_premise(
        graph: Graph, tmp_path: Path) -> None:
    length = DEEP + 50
    ingest(graph, "logs", write_jsonl(tmp_path / "chain.jsonl", _chain("p", length)), fmt="jsonl", store="chain")
    now = datetime.now(timezone.utc)
    fresh, missing = stored(graph, now)
    assert not missing and len(fresh) == length
    top = f"p-{length - 1:04d}"
    assert (fresh[top].status, fresh[top].reason) == ("ACTIVE", "CURRENT")
    assert fresh[top].premises == (f"p-{length - 2:04d}",)
    assert fresh["p-0000"].premises == ()
    with no_stored_status(graph):
        walked = full(graph, now)
    assert all(fresh[uid] == walked[uid] for uid in fresh)
    assert check(graph).ok


def test_a_premise_gone_stale_at_the_bottom_is_named_by_every_claim_above_it(graph: Graph, tmp_path: Path) -> None:
    length = DEEP + 20
    log = tmp_path / "chain.jsonl"
    ingest(graph, "logs", write_jsonl(log, _chain("p", length)), fmt="jsonl", store="chain")
    # the bottom expires: a re-ingest that changes only it makes every claim above it PREMISE_NOT_CURRENT
    ingest(graph, "logs", write_jsonl(log, _chain("p", length, valid_until="2025-02-01T00:00:00Z")), fmt="jsonl",
           store="chain")
    now = datetime.now(timezone.utc)
    fresh, missing = stored(graph, now)
    assert not missing
    assert (fresh["p-0000"].status, fresh["p-0000"].reason) == ("STALE", "EXPIRED")
    for n in range(1, length):
        row = fresh[f"p-{n:04d}"]
        assert (row.status, row.reason, row.premises_not_current) == ("UNKNOWN", "PREMISE_NOT_CURRENT", ("p-0000",))
        assert row.premise_verdicts == ("STALE EXPIRED",)
    with no_stored_status(graph):
        walked = full(graph, now)
    assert all(fresh[uid] == walked[uid] for uid in fresh)
    assert check(graph).ok


def test_a_premise_that_expires_later_expires_the_claims_resting_on_it(graph: Graph, tmp_path: Path) -> None:
    soon = datetime.now(timezone.utc) + timedelta(hours=1)
    log = write_jsonl(tmp_path / "chain.jsonl", _chain("p", 40, valid_until=soon.isoformat()))
    ingest(graph, "logs", log, fmt="jsonl", store="chain")
    now = datetime.now(timezone.utc)
    assert_kept_premises_are_the_walk(graph, now)
    later, _ = stored(graph, soon + timedelta(seconds=1))
    assert "p-0039" not in later  # its stored row expires with the bottom's, so a read then computes it


def test_the_pass_stores_premises_before_what_rests_on_them_in_bands(graph: Graph, tmp_path: Path) -> None:
    length = 3 * BAND_LEVELS + 5
    entries = _chain("p", length) + [
        {"id": "loop-a", "ts": BASE.isoformat(), "depends_on": ["loop-b"]},
        {"id": "loop-b", "ts": BASE.isoformat(), "depends_on": ["loop-a"]},
        {"id": "above-loop", "ts": BASE.isoformat(), "depends_on": ["loop-a"]},
    ]
    ingest(graph, "logs", write_jsonl(tmp_path / "chain.jsonl", entries), fmt="jsonl", store="chain")
    claims = [entry["id"] for entry in entries]
    bands, cyclic = premise_bands(graph.read, claims)
    assert cyclic == {"loop-a", "loop-b", "above-loop"}
    assert bands[-1] == ["above-loop", "loop-a", "loop-b"]
    assert [len(band) for band in bands[:-1]] == [BAND_LEVELS, BAND_LEVELS, BAND_LEVELS, 5]
    band_of = {uid: number for number, band in enumerate(bands) for uid in band}
    assert all(band_of[f"p-{n:04d}"] >= band_of[f"p-{n - 1:04d}"] for n in range(1, length))


def test_a_premise_cycle_past_deep_is_left_unstored_and_computed_when_read(graph: Graph, tmp_path: Path) -> None:
    length = DEEP + 10
    entries = _chain("p", length)
    entries[0]["depends_on"] = [entries[-1]["id"]]  # the bottom rests on the top: one cycle of DEEP + 10
    ingest(graph, "logs", write_jsonl(tmp_path / "cycle.jsonl", entries), fmt="jsonl", store="cycle")
    now = datetime.now(timezone.utc)
    fresh, missing = stored(graph, now)
    assert missing == {entry["id"] for entry in entries}
    walked = full(graph, now)
    assert {(row.status, row.reason) for row in walked.values()} == {("ACTIVE", "CURRENT")}
    assert check(graph).ok


def test_check_fix_of_a_drifted_premise_recomputes_what_rests_on_it(graph: Graph, tmp_path: Path) -> None:
    ingest(graph, "logs", write_jsonl(tmp_path / "chain.jsonl", _chain("p", 3)), fmt="jsonl", store="chain")
    # a write that bypasses provgraph expires the bottom: only its own stored row is drift, since the claims above
    # stop at the stored premise below them
    graph.write("MATCH (c:Claim {uid: 'p-0000'})-[cited:CITED_AT]->() SET cited.valid_until = datetime('2025-02-01')")
    found = check(graph)
    assert [entry["claim"] for entry in found.drift] == ["p-0000"]
    assert check(graph, fix=True).fixed == 3
    assert check(graph).ok
    fresh, _ = stored(graph, datetime.now(timezone.utc))
    assert (fresh["p-0002"].reason, fresh["p-0002"].premises_not_current) == ("PREMISE_NOT_CURRENT", ("p-0000",))


def test_an_adjudication_that_retires_the_bottom_makes_every_claim_above_it_not_current(
        graph: Graph, tmp_path: Path) -> None:
    from provgraph.engine.adjudication import adjudicate

    entries = _chain("p", 4) + [{"id": "fix", "ts": BASE.isoformat(), "subject": "p-0000", "value": "no",
                                 "scope": "org/ops"}]
    ingest(graph, "logs", write_jsonl(tmp_path / "chain.jsonl", entries), fmt="jsonl", store="chain")
    adjudicate(graph, "fix", "p-0000")  # in the adjudication's own transaction, the pass recomputes the chain above
    fresh, missing = stored(graph, datetime.now(timezone.utc))
    assert not missing and fresh["p-0000"].status == "STALE"
    assert {fresh[f"p-{n:04d}"].reason for n in range(1, 4)} == {"PREMISE_NOT_CURRENT"}
    with no_stored_status(graph):
        walked = full(graph, datetime.now(timezone.utc))
    assert all(fresh[uid] == walked[uid] for uid in fresh)
