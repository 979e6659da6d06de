"""Suspects kept at write time: each write that can change a pair finds it again, reads take what is kept."""
from __future__ import annotations

import json
from pathlib import Path

from suspects_helpers import CACHE_1, CACHE_2, OTHERS, entry, ingest_log, pairs, run

from provgraph.engine.adjudication import adjudicate, distinguish, revoke
from provgraph.engine.suspects import suspects
from provgraph.engine.verify import verify
from provgraph.graph.connection import Graph


def _kept(graph: Graph) -> list[tuple[str, str]]:
    rows = graph.read("MATCH (a:Claim)-[:SUSPECTED]->(b:Claim) RETURN a.uid AS earlier, b.uid AS later ORDER BY earlier, later")
    return [(row["earlier"], row["later"]) for row in rows]


def _found_at(graph: Graph) -> list:
    return [row["at"] for row in graph.read("MATCH ()-[s:SUSPECTED]->() RETURN s.found_at AS at ORDER BY at")]


def test_an_ingest_keeps_its_pairs_with_score_and_terms_and_reads_equal_a_fresh_computation(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    assert _kept(graph) == [("cache-1", "cache-2")]
    [row] = graph.read("MATCH (:Claim {uid: 'cache-1'})-[s:SUSPECTED]->(:Claim {uid: 'cache-2'}) "
                       "RETURN s.score AS score, s.terms AS terms")
    assert 0.5 <= row["score"] <= 1.0 and {"session", "cache", "redis"} <= set(row["terms"])
    assert [s.to_dict() for s in suspects(graph)] == [s.to_dict() for s in suspects(graph, fresh=True)]
    # re-ingesting unchanged input writes nothing, so it finds nothing again
    before = _found_at(graph)
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    assert _found_at(graph) == before


def test_a_later_ingest_pairs_its_claims_with_what_was_kept_before(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS])
    assert _kept(graph) == []
    # the earlier claim's own lookup is run again, so the pair scores from both sides
    ingest_log(graph, tmp_path, [CACHE_2], name="later.jsonl")
    assert _kept(graph) == [("cache-1", "cache-2")]
    assert [s.to_dict() for s in suspects(graph)] == [s.to_dict() for s in suspects(graph, fresh=True)]


def test_a_changed_text_finds_its_pairs_again_and_a_recorded_link_removes_the_pair(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    ingest_log(graph, tmp_path, [entry(CACHE_2, msg="Quarterly invoices are archived to cold storage after a year")],
               name="decisions.jsonl")
    assert _kept(graph) == [] and suspects(graph) == []
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, entry(CACHE_2, ts="2025-06-03T09:00:00Z")], name="decisions.jsonl")
    assert _kept(graph) == [("cache-1", "cache-2")]
    # the later record now links them: the pair is settled and no longer kept
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, entry(CACHE_2, ts="2025-06-03T09:00:00Z", depends_on=["cache-1"])],
               name="decisions.jsonl")
    assert _kept(graph) == []


def test_adjudications_and_dismissals_remove_the_kept_pair_and_revoking_them_brings_it_back(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    confirmed = adjudicate(graph, "cache-2", "cache-1", why="same cache")
    assert _kept(graph) == []
    revoke(graph, confirmed["adjudication"])
    assert _kept(graph) == [("cache-1", "cache-2")]
    dismissed = distinguish(graph, "cache-1", "cache-2", why="two clusters")
    assert _kept(graph) == [] and verify(graph, ["cache-1"], candidates=["cache-1"]).suspects == ()
    revoke(graph, dismissed["adjudication"])
    assert _kept(graph) == [("cache-1", "cache-2")]
    assert [(s["earlier"], s["later"]) for s in verify(graph, ["cache-2"], candidates=["cache-2"]).suspects] == [
        ("cache-1", "cache-2")]


def test_reads_take_what_is_kept_refresh_finds_it_again_and_check_reports_the_difference(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    # a kept pair a fresh computation would not list (written behind provgraph's back): listed, and check says so
    graph.write("MATCH (a:Claim {uid: 'refund-1'}), (b:Claim {uid: 'tls-1'}) "
                "CREATE (a)-[:SUSPECTED {score: 0.9, terms: ['payments', 'every']}]->(b)")
    assert ("refund-1", "tls-1") in pairs(suspects(graph))
    assert [(s["earlier"], s["later"]) for s in verify(graph, ["tls-1"], candidates=["tls-1"]).suspects] == [
        ("refund-1", "tls-1")]
    checked = run("check", "--format", "json")
    assert checked.exit_code == 0, checked.output  # information, not drift
    assert json.loads(checked.stdout)["suspects"] == {"kept": 2, "fresh": 1, "no_longer_listed": ["refund-1 -> tls-1"],
                                                      "not_kept": []}
    assert "suspect no longer listed: refund-1 -> tls-1" in run("check").stdout
    refreshed = run("suspects", "--refresh", "--format", "json")
    assert refreshed.exit_code == 0 and [(r["earlier"], r["later"]) for r in json.loads(refreshed.stdout)] == [
        ("cache-1", "cache-2")]
    assert _kept(graph) == [("cache-1", "cache-2")]
    assert json.loads(run("check", "--format", "json").stdout)["suspects"]["no_longer_listed"] == []


def test_the_same_input_in_the_same_order_keeps_the_same_pairs(graph: Graph, tmp_path: Path) -> None:
    restatements = [entry(CACHE_2, id=f"cache-{n}", ts=f"2025-0{n}-02T09:00:00Z") for n in range(3, 9)]
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2, *restatements])
    first = graph.read("MATCH (a)-[s:SUSPECTED]->(b) RETURN a.uid AS a, b.uid AS b, s.score AS score ORDER BY a, b")
    graph.write("MATCH (n) DETACH DELETE n")
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2, *restatements])
    again = graph.read("MATCH (a)-[s:SUSPECTED]->(b) RETURN a.uid AS a, b.uid AS b, s.score AS score ORDER BY a, b")
    assert first == again and first
