"""`provgraph check`: stored status against the full computation on a live store, drift exits 1, --fix repairs."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from stored_status_helpers import ingest_log

from provgraph.cli import cli
from provgraph.graph.connection import Graph


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _story(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path / "d.jsonl", [
        {"ts": "2025-01-01T00:00:00Z", "id": "a", "subject": "x", "value": "1"},
        {"ts": "2025-02-01T00:00:00Z", "id": "b", "subject": "x", "value": "2", "supersedes": ["a"]},
    ])


def test_check_finds_no_drift_after_ingest_and_says_so_in_json(graph: Graph, tmp_path: Path) -> None:
    _story(graph, tmp_path)
    result = run("check", "--format", "json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert found == {"ok": True, "claims": 2, "fresh": 2, "expired": 0, "missing": 0, "drift": [], "fixed": 0,
                     "suspects_not_found_now": [], "suspects_owed": 0, "rosters_drifted": {}}


def test_a_write_that_bypasses_provgraph_is_drift_exit_1_and_fix_repairs_it(graph: Graph, tmp_path: Path) -> None:
    _story(graph, tmp_path)
    # a raw write removes the supersession: a's stored SUPERSEDED no longer matches the computation
    graph.write("MATCH (:Claim {uid: 'b'})-[r:SUPERSEDES]->(:Claim {uid: 'a'}) DELETE r")
    result = run("check", "--format", "json")
    assert result.exit_code == 1
    found = json.loads(result.stdout)
    assert [item["claim"] for item in found["drift"]] == ["a", "b"]  # a is no longer superseded; b now has a rival
    assert found["drift"][0]["differences"]["reason"] == {"stored": "SUPERSEDED", "computed": "RIVAL_CLAIM"}
    # a's kept revision closure still holds b, the walk no longer finds it
    closure = found["drift"][0]["differences"]["closure"]
    assert [row["successor"] for row in closure["stored"]] == ["b"] and closure["computed"] == []
    text = run("check")
    assert text.exit_code == 1 and "drift a: " in text.output and "check --fix" in text.output
    fixed = run("check", "--fix", "--format", "json")
    assert fixed.exit_code == 1 and json.loads(fixed.stdout)["fixed"] == 2
    again = run("check")
    assert again.exit_code == 0 and "0 drifted" in again.output
    status = json.loads(run("status", "a", "--format", "json").output)
    assert status[0]["reason"] == "RIVAL_CLAIM"


def test_claims_written_without_the_pipeline_have_no_stored_status_and_are_not_drift(graph: Graph) -> None:
    graph.write("CREATE (:Claim {uid: 'raw', placeholder: true, aliases: [], scope: ''})")
    result = run("check", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.output)["missing"] == 1
    assert json.loads(run("check", "--fix", "--format", "json").output)["fixed"] == 1
    assert json.loads(run("check", "--format", "json").output)["fresh"] == 1


def test_a_kept_closure_that_no_longer_matches_the_walk_is_drift_though_the_status_still_does(
        graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path / "d.jsonl", [
        {"ts": "2025-01-01T00:00:00Z", "id": "a", "subject": "x", "value": "1"},
        {"ts": "2025-02-01T00:00:00Z", "id": "b", "subject": "x", "value": "2", "supersedes": ["a"]},
        {"ts": "2025-03-01T00:00:00Z", "id": "c", "subject": "x", "value": "3", "supersedes": ["b"]},
    ])
    # a raw write removes c's edge: a is still superseded by b, but its closure no longer reaches c
    graph.write("MATCH (:Claim {uid: 'c'})-[r:SUPERSEDES]->(:Claim {uid: 'b'}) DELETE r")
    found = json.loads(run("check", "--format", "json").stdout)
    drift = {item["claim"]: item["differences"] for item in found["drift"]}
    assert set(drift["a"]) == {"closure"}
    assert [row["successor"] for row in drift["a"]["closure"]["stored"]] == ["b", "c"]
    assert [row["successor"] for row in drift["a"]["closure"]["computed"]] == ["b"]
    assert json.loads(run("check", "--fix", "--format", "json").stdout)["fixed"] >= 1
    assert run("check").exit_code == 0
