"""Retired claims: a claim whose stored status is STALE with nothing pending, at every scope alike, keeps the instant
from which it counts as no rival (status_retired_since), and verify's seek of a subject's claims leaves it out
(docs/design.md "Retired claims"). Every verdict here is also asked with the seek reading every claim on the subject,
and must be the same."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from stored_status_helpers import assert_retired_claims_are_no_rivals, write_jsonl

from provgraph.engine import stored_check
from provgraph.engine.adjudication import adjudicate, revoke
from provgraph.engine.verify import verify
from provgraph.graph.connection import Graph
from provgraph.graph import fulltext
from provgraph.graph.schema import SCHEMA_VERSION, ensure_schema, mark_free_text, mark_unretired
from provgraph.ingest.pipeline import ingest

NEVER = datetime(9999, 12, 31, tzinfo=timezone.utc)


def _entry(uid: str, day: int, supersedes: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    return {"ts": f"2025-01-{day:02d}T00:00:00Z", "id": uid, "subject": "k", "value": uid, "scope": "org",
            **({"supersedes": supersedes} if supersedes else {}), **extra}


def _retired(graph: Graph) -> dict[str, bool]:
    rows = graph.read("MATCH (c:Claim) WHERE c.subject IS NOT NULL "
                      "RETURN c.uid AS claim, c.status_retired_since AS since, c.status_computed_at AS computed")
    for row in rows:
        assert row["since"] is not None, f"{row['claim']} has a subject and no status_retired_since"
    return {row["claim"]: row["since"].to_native() < NEVER for row in rows}


def _every_claim_read(graph: Graph, ask: Any) -> dict[str, Any]:
    """What `ask()` answers when the seek reads every claim on a subject (no claim retired), as a verdict dict."""
    saved = graph.read("MATCH (c:Claim) WHERE c.status_retired_since IS NOT NULL "
                       "RETURN c.uid AS claim, c.status_retired_since AS since")
    graph.write("MATCH (c:Claim) WHERE c.status_retired_since IS NOT NULL SET c.status_retired_since = $never", {"never": NEVER})
    try:
        return ask().to_dict() | {"at": None}
    finally:
        graph.write("UNWIND $rows AS row MATCH (c:Claim {uid: row.claim}) SET c.status_retired_since = row.since",
                    {"rows": saved})


def test_the_superseded_members_of_a_chain_are_retired_and_verify_reads_only_its_head(graph: Graph, tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "d.jsonl", [_entry("a", 1), _entry("b", 2, ["a"]), _entry("c", 3, ["b"]), _entry("r", 4)])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    assert _retired(graph) == {"a": True, "b": True, "c": False, "r": False}
    assert assert_retired_claims_are_no_rivals(graph, datetime.now(timezone.utc)) == 2
    # r is a rival of c (same subject, another value, no edge); a and b are STALE and left out by the seek
    verdict = verify(graph, ["c"], ["c"])
    assert verdict.missing == ("r",)
    assert verdict.to_dict() | {"at": None} == _every_claim_read(graph, lambda: verify(graph, ["c"], ["c"]))
    # asked as of a time before the pass retired them, a and b are read and judged again (here: still no rival)
    earlier = verify(graph, ["c"], ["c"], at="2025-06-01T00:00:00Z")
    assert earlier.missing == ("r",)


def test_a_claim_stale_here_but_on_a_cycle_in_a_narrower_scope_is_not_retired(graph: Graph, tmp_path: Path) -> None:
    # b supersedes a in org; x (of org/eu) supersedes a and a supersedes x: in org/eu a lies on a cycle (CONFLICT,
    # rule 5), so a rival of c there though STALE in its own scope. Its edge scopes do not all cover org: not retired.
    log = write_jsonl(tmp_path / "d.jsonl", [
        _entry("a", 1, ["x"]), _entry("b", 2, ["a"]), _entry("x", 3, ["a"], scope="org/eu"), _entry("c", 4)])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    retired = _retired(graph)
    assert retired["a"] is False
    assert assert_retired_claims_are_no_rivals(graph, datetime.now(timezone.utc)) == sum(retired.values())
    verdict = verify(graph, ["c"], ["c"], scope="org/eu")
    assert "a" in verdict.missing
    assert verdict.to_dict() | {"at": None} == _every_claim_read(graph, lambda: verify(graph, ["c"], ["c"], scope="org/eu"))


def test_a_revoked_adjudication_makes_the_claim_it_retired_a_rival_again(graph: Graph, tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "d.jsonl", [_entry("a", 1), _entry("b", 2), _entry("c", 3)])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    assert verify(graph, ["c"], ["c"]).missing == ("a", "b")
    decided = adjudicate(graph, "b", "a", why="b governs")
    assert _retired(graph) == {"a": True, "b": False, "c": False}
    assert verify(graph, ["c"], ["c"]).missing == ("b",)
    revoke(graph, decided["adjudication"])
    assert _retired(graph) == {"a": False, "b": False, "c": False}
    assert verify(graph, ["c"], ["c"]).missing == ("a", "b")
    assert assert_retired_claims_are_no_rivals(graph, datetime.now(timezone.utc)) == 0


def test_an_older_store_without_the_marks_finds_every_rival_and_its_next_write_marks_them(graph: Graph, tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "d.jsonl", [_entry("a", 1), _entry("b", 2, ["a"]), _entry("r", 3)])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    expected = verify(graph, ["b"], ["b"]).to_dict() | {"at": None}
    # as provgraph before schema 5 left a store: no claim marked, the schema record older
    graph.write("MATCH (c:Claim) REMOVE c.status_retired_since")
    graph.write("MATCH (s:ProvgraphSchema) SET s.version = 4")
    try:
        assert verify(graph, ["b"], ["b"]).to_dict() | {"at": None} == expected
        assert ensure_schema(graph) is True  # a write upgrades the store: every claim with a subject marked
        assert set(_retired(graph)) == {"a", "b", "r"}
        assert verify(graph, ["b"], ["b"]).to_dict() | {"at": None} == expected
    finally:
        graph.write("MATCH (s:ProvgraphSchema) SET s.version = $v", {"v": SCHEMA_VERSION})


def test_an_older_stores_marks_and_fields_are_filled_a_page_at_a_time_past_the_claims_that_have_them(
        graph: Graph, tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "d.jsonl", [_entry(uid, day) for day, uid in enumerate("abcdefg", start=1)])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    older = ["b", "d", "f"]  # between claims that have them, as an older provgraph left these three
    graph.write("MATCH (c:Claim) WHERE c.uid IN $older REMOVE c.status_retired_since, c.search_free_text", {"older": older})
    assert mark_unretired(graph, batch=1) == 3
    assert mark_free_text(graph, batch=1) == 3
    graph.write("MATCH (c:Claim) WHERE c.uid IN $older REMOVE c.search_version", {"older": older})
    assert fulltext.backfill(graph, batch=2) == 3
    assert set(_retired(graph)) == set("abcdefg")
    assert graph.read("MATCH (c:Claim) WHERE c.search_version IS NULL OR c.search_free_text IS NULL RETURN count(c) AS n") == [{"n": 0}]


def test_check_finds_a_mark_the_stored_status_does_not_bear_out_and_fix_mends_it(graph: Graph, tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "d.jsonl", [_entry("a", 1), _entry("b", 2, ["a"]), _entry("r", 3)])
    ingest(graph, "logs", log, fmt="jsonl", store="d")
    assert stored_check.check(graph).ok
    # writes that bypass provgraph: a claim with a subject and no mark (the seek would miss it), a live claim marked
    graph.write("MATCH (c:Claim {uid: 'r'}) REMOVE c.status_retired_since")
    graph.write("MATCH (c:Claim {uid: 'b'}) SET c.status_retired_since = c.status_computed_at")
    result = stored_check.check(graph)
    assert sorted(d["claim"] for d in result.drift if "retired_since" in d["differences"]) == ["b", "r"]
    fixed = stored_check.check(graph, fix=True)
    assert fixed.fixed >= 2
    assert stored_check.check(graph).ok
    assert _retired(graph) == {"a": True, "b": False, "r": False}
