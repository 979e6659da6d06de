"""Suspects kept at write time: each ingest looks up what it wrote (and what those lookups find) and keeps the pairs;
reads take the kept pairs without a full-text lookup; `--refresh` makes them the live computation again."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from suspects_helpers import CACHE_1, CACHE_2, OTHERS, entry, ingest_log, pairs, run

from provgraph.base.errors import ProvgraphError
from provgraph.engine import suspects as suspects_module
from provgraph.engine.suspects import keep_pending, kept_not_found_now, live, suspects, touching
from provgraph.graph import fulltext
from provgraph.graph.connection import Graph


def _kept(graph: Graph) -> list[tuple[str, str]]:
    rows = graph.read("MATCH (later:Claim)-[:MAY_REVISE]->(earlier:Claim) RETURN earlier.uid AS e, later.uid AS l ORDER BY e, l")
    return [(row["e"], row["l"]) for row in rows]


def test_a_later_ingest_finds_its_pair_with_a_claim_an_earlier_ingest_wrote(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS], store="first", name="first.jsonl")
    assert _kept(graph) == []
    ingest_log(graph, tmp_path, [CACHE_2], store="second", name="second.jsonl")
    # cache-1 was looked up again: its lookup now finds cache-2, so the pair is scored from both sides
    assert _kept(graph) == [("cache-1", "cache-2")]
    kept = graph.read("MATCH (:Claim {uid: 'cache-2'})-[k:MAY_REVISE]->(:Claim {uid: 'cache-1'}) "
                      "RETURN k.similarity AS similarity, k.shared AS shared")[0]
    assert kept["similarity"] >= suspects_module.MIN_SCORE and {"cache", "redis", "session"} <= set(kept["shared"])
    assert [s.to_dict() for s in suspects(graph)] == [s.to_dict() for s in live(graph)]
    assert graph.read("MATCH (c:Claim) WHERE c:SuspectsPending OR c:SuspectsRelook OR c:SuspectsPairs "
                      "RETURN count(c) AS n")[0]["n"] == 0


def test_reads_take_the_kept_pairs_without_a_full_text_lookup(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    listed = [s.to_dict() for s in suspects(graph)]
    assert pairs(suspects(graph)) == [("cache-1", "cache-2")]
    graph.write("fulltext_index_drop")
    try:
        assert [s.to_dict() for s in suspects(graph)] == listed
        assert pairs(touching(graph, ["cache-2"])) == [("cache-1", "cache-2")]
        verdict = json.loads(run("verify", "--evidence", "cache-1", "--candidates", "cache-1", "--format", "json").output)
        assert [(s["earlier"], s["later"]) for s in verdict["suspects"]] == [("cache-1", "cache-2")]
        with pytest.raises(ProvgraphError, match="init"):
            live(graph)  # the live computation needs the index: the reads above never touched it
    finally:
        fulltext.ensure_index(graph)
        graph.write("schema_await_indexes")


def test_a_claim_whose_text_changes_loses_the_pairs_its_old_text_made(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    assert _kept(graph) == [("cache-1", "cache-2")]
    changed = entry(CACHE_2, msg="Card payments settle through the acquirer twice a day in every region")
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, changed])
    assert _kept(graph) == [] and suspects(graph) == []


def test_until_the_pass_has_run_reads_compute_suspects_live(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    # what an ingest stopped between its last batch and its pass leaves: a claim owing a lookup, its pairs not kept
    graph.write("MATCH (c:Claim {uid: 'cache-2'}) SET c:SuspectsPending WITH c MATCH (c)-[k:MAY_REVISE]-() DELETE k")
    assert _kept(graph) == []
    assert pairs(suspects(graph)) == [("cache-1", "cache-2")]  # live
    assert kept_not_found_now(graph) == ([], 1)
    keep_pending(graph)
    assert _kept(graph) == [("cache-1", "cache-2")] and kept_not_found_now(graph) == ([], 0)


def test_check_reports_a_kept_pair_a_fresh_computation_no_longer_lists_and_refresh_drops_it(
        graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    # a pair kept as found when written that today's corpus no longer scores as one
    graph.write("MATCH (e:Claim {uid: 'cache-1'}), (l:Claim {uid: 'tls-1'}) "
                "CREATE (l)-[:MAY_REVISE {similarity: 0.9, shared: ['every', 'payment', 'service'], found_at: datetime()}]->(e)")
    assert ("cache-1", "tls-1") in pairs(suspects(graph))
    checked = run("check", "--format", "json")
    assert checked.exit_code == 0, checked.output  # information, not drift
    assert json.loads(checked.output)["suspects_not_found_now"] == ["cache-1 -> tls-1"]
    text = run("check")
    assert text.exit_code == 0 and "kept, not found now: cache-1 -> tls-1" in text.output
    skipped = run("check", "--no-suspects", "--format", "json")  # the store-wide lookups left out: not compared
    assert skipped.exit_code == 0 and json.loads(skipped.output)["suspects_not_found_now"] is None
    assert "not compared" in run("check", "--no-suspects").output
    refreshed = run("suspects", "--refresh", "--format", "json")
    assert refreshed.exit_code == 0, refreshed.output
    assert [(s["earlier"], s["later"]) for s in json.loads(refreshed.output)] == [("cache-1", "cache-2")]
    assert json.loads(run("check", "--format", "json").output)["suspects_not_found_now"] == []


def test_after_a_refresh_the_kept_pairs_are_the_live_ones_on_a_corpus_ingested_store_by_store(
        graph: Graph, tmp_path: Path) -> None:
    from bench.suspects import corpus as suspects_corpus
    from bench.suspects.generated import ingest_stripped

    corpus = suspects_corpus.generate(matters=12, seed=5)
    files = suspects_corpus.write_files(corpus, tmp_path, seed=5)
    for kind, fmt, store, path in files:
        ingest_stripped(graph, kind, fmt, store, path)
    assert suspects(graph), "the corpus should have suspects"
    assert run("suspects", "--refresh").exit_code == 0
    for options in ({}, {"per_claim": 1}, {"min_score": 0.7}, {"store": files[0][2]}, {"scope": "org"}):
        assert [s.to_dict() for s in suspects(graph, **options)] == [s.to_dict() for s in live(graph, **options)], options


def test_touching_as_the_earlier_claim_reads_every_pair_of_those_earlier_claims_and_no_other(
        graph: Graph, tmp_path: Path) -> None:
    # cache-2 is the later claim of its pair with cache-1 and the earlier one of its pair with cache-3
    cache_3 = entry(CACHE_2, id="cache-3", ts="2025-11-02T09:00:00Z",
                    msg="Session cache moves from Memcached to Valkey, session expiry stays 15 minutes for payments services")
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2, cache_3])
    every = suspects(graph)
    assert ("cache-2", "cache-3") in pairs(every) and any(s.later == "cache-2" for s in every)
    assert pairs(touching(graph, ["cache-2"], as_earlier=True)) == [p for p in pairs(every) if p[0] == "cache-2"]
    assert pairs(touching(graph, ["cache-2"])) == [p for p in pairs(every) if "cache-2" in p]
