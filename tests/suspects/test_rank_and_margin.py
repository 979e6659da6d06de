"""Which candidates are suspects at the defaults: an earlier claim's best candidate when it stands clear of the next,
any candidate as alike as MIN_SCORE, and any with the same title; two records in the very same words never pair."""
from __future__ import annotations

from pathlib import Path

from suspects_helpers import CACHE_1, OTHERS, entry, ingest_log, pairs, run

from provgraph.engine import suspects as suspects_module
from provgraph.engine.suspects import suspects
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

# Says part of what CACHE_1 says (scores ~0.47: under MIN_SCORE, the absolute threshold alone would miss it).
KEEPS_REDIS = entry(CACHE_1, id="cache-2", ts="2025-06-02T09:00:00Z",
                    msg="Payments services keep the session cache on Redis, with a longer session expiry and a warm-up "
                        "job on deploy")


def test_the_best_candidate_under_the_absolute_threshold_is_a_suspect_when_it_stands_clear(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, KEEPS_REDIS])
    candidates = suspects(graph, min_score=0.0, per_claim=5)
    [best] = [s for s in candidates if s.earlier == "cache-1"]
    assert suspects_module.FLOOR <= best.score < suspects_module.MIN_SCORE  # the old fixed 0.53 missed it
    assert pairs(suspects(graph)) == [("cache-1", "cache-2")]
    assert suspects(graph)[0].rank == 1
    # an absolute threshold is an override: at MIN_SCORE alone the pair is not listed
    assert suspects(graph, min_score=suspects_module.MIN_SCORE) == []
    result = run("suspects", "--format", "json", "--min-score", str(suspects_module.MIN_SCORE))
    assert result.exit_code == 0 and result.stdout.strip() == "[]"


def test_a_best_candidate_with_a_close_runner_up_under_the_threshold_is_not_a_suspect(graph: Graph, tmp_path: Path) -> None:
    rival = entry(KEEPS_REDIS, id="cache-3", ts="2025-07-02T09:00:00Z",
                  msg="Payments services keep the session cache on Redis, with a shorter session expiry and a warm-up "
                      "job at night")
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, KEEPS_REDIS, rival])
    ranked = [s for s in suspects(graph, min_score=0.0, per_claim=5) if s.earlier == "cache-1"]
    assert len(ranked) >= 2 and ranked[1].score > suspects_module.MARGIN * ranked[0].score
    assert all(s.score < suspects_module.MIN_SCORE for s in ranked)
    assert [p for p in pairs(suspects(graph)) if p[0] == "cache-1"] == []


def _adr(folder: Path, number: int, title: str, date: str, decision: str) -> None:
    (folder / f"{number:04d}-record-{number}.md").write_text(
        f"# {number}. {title}\n\nDate: {date}\n\n## Status\n\nAccepted\n\n## Context\n\nWe need to decide.\n\n"
        f"## Decision\n\n{decision}\n", encoding="utf-8")


def _log(folder: Path, caching_again: str) -> None:
    folder.mkdir()
    _adr(folder, 1, "Caching", "2021-03-01", "Responses are kept in Memcached for five minutes behind the gateway.")
    _adr(folder, 2, "Logging", "2021-04-01", "Services write structured JSON lines to standard output.")
    _adr(folder, 3, "Deployments", "2021-05-01", "Releases go out on Tuesdays through the blue green pipeline.")
    _adr(folder, 4, "Caching", "2022-03-01", caching_again)


def test_two_records_with_the_same_title_a_year_apart_and_other_words_pair(graph: Graph, tmp_path: Path) -> None:
    # one shared term ("caching", the title), under the two shared terms a pair otherwise needs, and a low score
    _log(tmp_path / "adr", "The edge network now stores pages in Varnish with revalidation on every publish.")
    ingest(graph, "files", tmp_path / "adr", store="adr")
    [suspect] = suspects(graph)
    assert (suspect.earlier, suspect.later) == ("adr:0001-record-1.md", "adr:0004-record-4.md")
    assert suspect.earlier_title == suspect.later_title == "Caching"
    assert suspect.score < suspects_module.FLOOR


def test_two_records_in_the_very_same_words_a_year_apart_never_pair(graph: Graph, tmp_path: Path) -> None:
    _log(tmp_path / "adr", "Responses are kept in Memcached for five minutes behind the gateway.")
    ingest(graph, "files", tmp_path / "adr", store="adr")
    assert suspects(graph) == []
    assert suspects(graph, min_score=0.0) == []
