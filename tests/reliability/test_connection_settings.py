"""Connection settings that cannot work end in one line that names the setting to fix, never a traceback."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from reliability_helpers import run_cli

from provgraph.base.config import Settings
from provgraph.base.errors import ConfigError
from provgraph.cli import cli
from provgraph.graph.connection import Graph

PASSWORD = "pw-Never-Printed-42"


@pytest.mark.parametrize("uri", ["bolt://127.0.0.1:99999", "bolt://127.0.0.1:0", "neo4j://db.example:port"])
def test_a_port_out_of_range_is_one_line_naming_neo4j_uri(uri: str) -> None:
    result = run_cli(["status"], uri, timeout=120)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "NEO4J_URI" in lines[0] and "port" in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_credentials_in_the_uri_get_a_clear_line_without_the_password() -> None:
    for uri in (f"bolt://neo4j:{PASSWORD}@127.0.0.1:7687", f"neo4j+s://{PASSWORD}@db.example:7687"):
        result = run_cli(["status"], uri, timeout=120)
        assert result.returncode == 2, result.stderr
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "must not carry credentials" in lines[0] and "NEO4J_PASSWORD" in lines[0]
        assert PASSWORD not in result.stderr + result.stdout
    with pytest.raises(ConfigError) as refused:
        Settings(uri=f"bolt://neo4j:{PASSWORD}@127.0.0.1:7687")
    assert PASSWORD not in str(refused.value)


@pytest.mark.parametrize("args", [
    ["status"],
    ["cypher", "RETURN 1 AS one"],
    ["query", "quarantined", "--param", "store=null"],
    ["verify", "--evidence", "x"],
    ["lineage", "x"],
])
def test_an_unknown_database_names_neo4j_database(graph: Graph, args: list[str]) -> None:
    result = CliRunner().invoke(cli, args, env={"NEO4J_DATABASE": "nosuchdb"})
    assert result.exit_code == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "NEO4J_DATABASE" in lines[0] and "--database" in lines[0] and "nosuchdb" in lines[0]


def test_an_unknown_database_stops_verify_batch_with_the_same_line(graph: Graph, tmp_path: Path) -> None:
    requests = tmp_path / "requests.jsonl"
    requests.write_text('{"evidence": ["x"]}\n')
    result = CliRunner().invoke(cli, ["verify", "--batch", str(requests), "--database", "nosuchdb"])
    assert result.exit_code == 2 and "NEO4J_DATABASE" in result.stderr, result.stderr


def test_report_does_not_create_its_folder_before_the_database_answers(graph: Graph, tmp_path: Path) -> None:
    out = tmp_path / "never" / "report"
    result = CliRunner().invoke(cli, ["report", "--out", str(out)], env={"NEO4J_DATABASE": "nosuchdb"})
    assert result.exit_code == 2 and "NEO4J_DATABASE" in result.stderr, result.stderr
    assert not out.exists() and not out.parent.exists()
    unreachable = run_cli(["report", "--out", str(out)], "bolt://127.0.0.1:1", timeout=120)
    assert unreachable.returncode == 3 and not out.parent.exists()
    done = CliRunner().invoke(cli, ["report", "--out", str(out), "--format", "md"])
    assert done.exit_code == 0, done.stderr
    assert sorted(p.name for p in out.iterdir()) == ["report.md"]


def test_report_refuses_an_out_path_that_is_a_file(graph: Graph, tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("mine")
    result = CliRunner().invoke(cli, ["report", "--out", str(taken)])
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert taken.read_text() == "mine"
