"""`provgraph ingest ...` end to end: real parsers, real pipeline, real Neo4j."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from cli_helpers import run

from provgraph.graph.connection import Graph

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def counts(graph: Graph) -> dict[str, int]:
    nodes = graph.read("MATCH (n) RETURN labels(n)[0] AS label, count(*) AS n ORDER BY label")
    rels = graph.read("MATCH ()-[r]->() RETURN type(r) AS type, count(*) AS n ORDER BY type")
    return {**{row["label"]: row["n"] for row in nodes}, **{row["type"]: row["n"] for row in rels}}


EXAMPLE_COMMANDS = [
    ("files", str(EXAMPLES / "adr")),
    ("tickets", str(EXAMPLES / "tickets" / "github-issues.json"), "--format", "github"),
    ("tickets", str(EXAMPLES / "tickets" / "jira-export.csv"), "--format", "jira-csv"),
    ("tickets", str(EXAMPLES / "tickets" / "jira-search.json"), "--format", "jira-json"),
    ("logs", str(EXAMPLES / "logs" / "decisions.jsonl"), "--policy", "latest-wins"),
    ("logs", str(EXAMPLES / "logs" / "config.logfmt"), "--format", "logfmt"),
    ("cards", str(EXAMPLES / "cards" / "board.jsonl")),
]


def test_every_example_store_ingests_and_reingest_changes_no_node_or_relationship(graph: Graph) -> None:
    for command in EXAMPLE_COMMANDS:
        result = run("ingest", *command)
        assert result.exit_code == 0, (command, result.output)
    first = counts(graph)
    assert first["Claim"] >= 20 and first["CITED_AT"] >= 20 and first["SUPERSEDES"] >= 4
    for command in EXAMPLE_COMMANDS:
        result = run("ingest", *command, "--output", "json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["snapshots_added"] == 0
    assert counts(graph) == first


def test_json_summary_names_what_was_added_unresolved_and_external(graph: Graph) -> None:
    result = run("ingest", "cards", str(EXAMPLES / "cards" / "board.jsonl"), "-o", "json")
    summary = json.loads(result.output)
    assert summary["store"] == "board" and summary["snapshots_added"] == 3
    assert summary["claims_written"] == summary["claim_versions_written"] == 3
    # a `source` link to a runbook is lineage, not a claim never ingested: no placeholder
    assert summary["unresolved"] == [] and summary["external"] == ["https://runbooks.example/payments/alerts"]


def test_missing_path_exits_2_and_writes_nothing(graph: Graph) -> None:
    result = run("ingest", "files", "/no/such/dir")
    assert result.exit_code == 2
    assert "/no/such/dir" in result.output and "Traceback" not in result.output
    assert graph.read("MATCH (n) WHERE NOT n:ProvgraphSchema RETURN count(n) AS n")[0]["n"] == 0


def test_wrong_format_claimed_exits_2_and_keeps_what_was_stored(graph: Graph) -> None:
    run("ingest", "cards", str(EXAMPLES / "cards" / "board.jsonl"))
    before = counts(graph)
    result = run("ingest", "tickets", str(EXAMPLES / "cards" / "board.jsonl"), "--format", "jira-csv")
    assert result.exit_code == 2, result.output
    assert len([line for line in result.output.splitlines() if line.strip()]) == 1
    assert counts(graph) == before


def test_malformed_line_in_the_middle_of_a_log_is_quarantined_exit_1_rest_ingested(graph: Graph, tmp_path: Path) -> None:
    log = tmp_path / "ops.jsonl"
    log.write_text(
        '{"ts": "2026-01-01T00:00:00Z", "id": "a", "subject": "k", "value": "1"}\n'
        '{"ts": "2026-01-02T00:00:00Z", "id": "b", "subject": \n'
        '{"ts": "2026-01-03T00:00:00Z", "id": "c", "subject": "k", "value": "3", "supersedes": "a"}\n'
    )
    result = run("ingest", "logs", str(log), "-o", "json")
    assert result.exit_code == 1
    summary = json.loads(result.output[: result.output.rindex("}") + 1])
    assert [q["line"] for q in summary["quarantined"]] == [2]
    assert sorted(r["uid"] for r in graph.read("MATCH (c:Claim) RETURN c.uid AS uid")) == ["a", "c"]
    assert graph.read("MATCH (q:Quarantine) RETURN q.line AS line") == [{"line": 2}]


def test_config_file_ingests_every_store_in_one_command(graph: Graph, tmp_path: Path) -> None:
    config = tmp_path / "provgraph.toml"
    config.write_text(
        f'[[store]]\nname = "adr"\nkind = "files"\npath = "{EXAMPLES / "adr"}"\nscope = "org/acme"\n\n'
        f'[[store]]\nkind = "logs"\npath = "{EXAMPLES / "logs" / "config.logfmt"}"\nformat = "logfmt"\npolicy = "latest-wins"\n\n'
        f'[[store]]\nname = "gh"\nkind = "tickets"\nformat = "github"\npath = "{EXAMPLES / "tickets" / "github-issues.json"}"\n'
    )
    result = run("ingest", "--config", str(config), "-o", "json")
    assert result.exit_code == 0, result.output
    assert [s["store"] for s in json.loads(result.output)] == ["adr", "config", "gh"]
    stores = graph.read("MATCH (s:Store) RETURN s.name AS name, s.kind AS kind ORDER BY name")
    assert stores == [{"name": "adr", "kind": "files"}, {"name": "config", "kind": "logs"}, {"name": "gh", "kind": "tickets"}]
    assert graph.read("MATCH (a:Adjudication {policy: 'latest-wins'}) RETURN count(a) AS n")[0]["n"] == 1


def test_config_file_with_unknown_kind_is_a_usage_error(graph: Graph, tmp_path: Path) -> None:
    config = tmp_path / "provgraph.toml"
    config.write_text('[[store]]\nkind = "wiki"\npath = "x"\n')
    result = run("ingest", "--config", str(config))
    assert result.exit_code == 2 and "kind must be one of" in result.output


def _git(repo: Path, *args: str, date: str | None = None) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"}
    if date:
        env.update(GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)


def test_git_history_gives_a_snapshot_per_commit_and_a_tombstone(graph: Graph, tmp_path: Path) -> None:
    repo = tmp_path / "decisions"
    repo.mkdir()
    _git(repo, "init", "-q")
    adr = repo / "0001-use-kafka.md"
    adr.write_text("# 1. Use Kafka\n\nDate: 2025-01-01\n\n## Status\n\nProposed\n\n## Decision\n\nEvents go to Kafka.\n")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "propose", date="2025-01-01T10:00:00+00:00")
    adr.write_text(adr.read_text().replace("Proposed", "Accepted"))
    _git(repo, "commit", "-qam", "accept", date="2025-02-01T10:00:00+00:00")
    _git(repo, "rm", "-q", "0001-use-kafka.md")
    _git(repo, "commit", "-qm", "drop", date="2025-03-01T10:00:00+00:00")

    result = run("ingest", "files", str(repo), "--git", "-o", "json")
    assert result.exit_code == 0, result.output
    snaps = graph.read(
        "MATCH (s:Snapshot)-[:OF]->(:Source {uid: 'decisions:0001-use-kafka.md'}) "
        "OPTIONAL MATCH (c:Claim)-[k:CITED_AT]->(s) "
        "RETURN s.revised_at AS at, s.deleted AS deleted, k.declared AS declared ORDER BY at"
    )
    assert [(str(s["at"].to_native().date()), s["deleted"], s["declared"]) for s in snaps] == [
        ("2025-01-01", False, "proposed"), ("2025-02-01", False, "accepted"), ("2025-03-01", True, None)]
    before = counts(graph)
    assert json.loads(run("ingest", "files", str(repo), "--git", "-o", "json").output)["snapshots_added"] == 0
    assert counts(graph) == before
