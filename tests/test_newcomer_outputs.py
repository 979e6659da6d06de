"""The small things a newcomer tripped over (issue 22): counts in the right number, an empty graph said so, an
unknown store named, a repeated `--distinct` with another reason refused, `--revoke` saying what it revoked."""
from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import run
from graphs import GraphBuilder

from provgraph.graph.connection import Graph

FIRST, SECOND = "m:01AAA0000000000000000000D1", "m:01AAA0000000000000000000D2"
CARDS = Path(__file__).resolve().parents[1] / "examples" / "cards" / "board.jsonl"


def _cards(tmp_path: Path, lines: int) -> Path:
    path = tmp_path / "cards.jsonl"
    path.write_text("".join(CARDS.read_text().splitlines(keepends=True)[:lines]), encoding="utf-8")
    return path


def test_ingest_summary_counts_one_snapshot_claim_and_edge_in_the_singular(graph: Graph, tmp_path: Path) -> None:
    one = run("ingest", "cards", str(_cards(tmp_path, 1)), "--store", "board")
    assert one.exit_code == 0, one.output
    assert "board (cards): 1 snapshot read, 1 added, 0 unchanged; 1 claim and 0 edges written;" in one.stdout
    two = run("ingest", "cards", str(_cards(tmp_path, 2)), "--store", "board")
    assert "2 snapshots read, 1 added, 1 unchanged; 1 claim and 1 edge written;" in two.stdout


def test_status_on_an_empty_graph_says_so_and_a_filter_that_matches_nothing_says_that(g: GraphBuilder) -> None:
    empty = run("status")
    assert empty.exit_code == 0 and empty.stdout == ""
    assert "holds no claims yet" in empty.stderr and "provgraph ingest" in empty.stderr
    g.claim("a", at="2025-01-01")
    none_stale = run("status", "--only", "STALE")
    assert none_stale.exit_code == 0 and none_stale.stdout == ""
    assert none_stale.stderr.strip() == "provgraph: no claim matches (see --scope, --at, --subject, --only)"
    assert run("status").stderr == ""


def test_suspects_of_an_unknown_store_says_no_such_store(g: GraphBuilder) -> None:
    g.claim("a", at="2025-01-01")
    result = run("suspects", "--store", "nope")
    assert result.exit_code == 2
    assert result.stderr.strip() == "provgraph: no such store 'nope' (stores: test)"
    assert run("suspects", "--store", "test").exit_code == 0


def test_a_second_distinct_with_another_why_is_refused_and_the_same_one_is_the_one_recorded(g: GraphBuilder) -> None:
    g.claim("a", at="2025-01-01")
    g.claim("b", at="2025-02-01")
    first = run("adjudicate", "--distinct", "a", "b", "--why", "different clusters", "--by", "ann")
    assert first.exit_code == 0 and first.stderr == ""
    uid = first.stdout.strip()
    again = run("adjudicate", "--distinct", "b", "a")
    assert again.exit_code == 0 and again.stdout.strip() == uid
    assert "already recorded" in again.stderr and "by ann, why: different clusters" in again.stderr
    other = run("adjudicate", "--distinct", "a", "b", "--why", "another reason")
    assert other.exit_code == 2
    assert other.stderr.strip() == (f"provgraph: a and b are already distinct by {uid} (why: different clusters); to "
                                    f"give another reason, revoke it first (provgraph adjudicate --revoke {uid}) and "
                                    "mark them again")


def test_revoke_says_what_it_revoked(g: GraphBuilder) -> None:
    g.claim("a", at="2025-01-01", scope="org/acme")
    g.claim("b", at="2025-02-01", scope="org/acme")
    kept = run("adjudicate", "--keep", "b", "--retire", "a", "--why", "b is newer", "--by", "ann", "--at", "2025-03-01")
    uid = kept.stdout.strip()
    revoked = run("adjudicate", "--revoke", uid, "--at", "2025-04-01")
    assert revoked.exit_code == 0, revoked.output
    assert revoked.stdout.strip() == (f"revoked {uid} from 2025-04-01T00:00:00Z: it kept b over a in scope org/acme "
                                      "(decided 2025-03-01T00:00:00Z by ann: b is newer)")
    distinct = run("adjudicate", "--distinct", "a", "b", "--by", "ann", "--at", "2025-05-01").stdout.strip()
    undone = json.dumps(run("adjudicate", "--revoke", distinct).stdout)
    assert f"revoked {distinct}" in undone and "it marked a and b distinct" in undone
