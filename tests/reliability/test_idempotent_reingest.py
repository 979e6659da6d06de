"""Re-ingesting unchanged input writes nothing, also for the shapes the crash tests found wrong:
several versions of one source in one input, and a log that only grew."""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from click.testing import CliRunner
from reliability_helpers import counts

from provgraph.base.config import Settings
from provgraph.cli import cli
from provgraph.graph.connection import Graph


def _ingest(args: list[str], uri: str) -> dict:
    result = CliRunner().invoke(cli, [*args, "-o", "json", "--uri", uri])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def _card(content: str, minute: int) -> str:
    return json.dumps({"id": "r1", "ts": 1_700_000_000_000 + minute * 60_000, "content": content})


def test_two_versions_of_a_card_in_one_file_are_not_rewritten_on_reingest(graph: Graph, neo4j_settings: Settings, tmp_path: Path) -> None:
    path = tmp_path / "cards.jsonl"
    path.write_text(_card("A", 0) + "\n" + _card("B", 5) + "\n")
    args = ["ingest", "cards", str(path), "--store", "rv"]
    assert _ingest(args, neo4j_settings.uri)["snapshots_added"] == 2
    before = counts(graph)
    for _ in range(2):
        assert _ingest(args, neo4j_settings.uri)["snapshots_added"] == 0
        assert counts(graph) == before


def test_content_returning_within_one_input_is_a_later_snapshot(graph: Graph, neo4j_settings: Settings, tmp_path: Path) -> None:
    path = tmp_path / "cards.jsonl"
    path.write_text("\n".join([_card("A", 0), _card("B", 5), _card("A", 9)]) + "\n")
    args = ["ingest", "cards", str(path), "--store", "rv"]
    assert _ingest(args, neo4j_settings.uri)["snapshots_added"] == 3
    latest = graph.read("MATCH (s:Snapshot) WHERE s.until IS NULL RETURN s.revised_at AS at")
    assert len(latest) == 1
    assert latest[0]["at"].to_native() == datetime.fromtimestamp((1_700_000_000_000 + 9 * 60_000) / 1000, timezone.utc)
    assert graph.read("MATCH (c:Claim {uid: 'r1'}) RETURN c.text AS text")[0]["text"] == "A"
    assert _ingest(args, neo4j_settings.uri)["snapshots_added"] == 0


def test_appending_to_a_log_is_not_reported_as_a_rewrite(graph: Graph, neo4j_settings: Settings, tmp_path: Path) -> None:
    path = tmp_path / "decisions.jsonl"
    entries = [json.dumps({"ts": 1_700_000_000_000 + i, "id": f"e{i}", "subject": "s", "value": str(i)}) for i in range(4)]
    path.write_text("\n".join(entries[:3]) + "\n")
    args = ["ingest", "logs", str(path), "--store", "log"]
    _ingest(args, neo4j_settings.uri)
    path.write_text("\n".join(entries) + "\n")
    summary = _ingest(args, neo4j_settings.uri)
    assert summary["snapshots_added"] == 1 and summary["findings"] == []
    assert graph.read("MATCH (f:Finding) RETURN count(f) AS n")[0]["n"] == 0
    assert graph.read("MATCH (c:Claim)-[:CITED_AT]->(s:Snapshot) WHERE s.until IS NULL RETURN count(c) AS n")[0]["n"] == 4
