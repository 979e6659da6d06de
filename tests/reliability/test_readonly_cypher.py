"""`provgraph cypher` without --write is read-only, and the server is what enforces it."""
from __future__ import annotations

import pytest
from click.testing import CliRunner
from reliability_helpers import REPO, counts, run_cli

from provgraph.cli import cli
from provgraph.graph.connection import Graph

WRITES = [
    "CREATE (n:X)",
    "unwind [1] as i foreach (x in [i] | create (:X {v: x}))",
    "CALL () { CREATE (:X) } RETURN 1 AS one",
    "MATCH (n) DETACH DELETE n",
    "MATCH (c:Claim) SET c.text = 'overwritten'",
    "MERGE (:Claim {uid: 'forged'})",
    "CREATE INDEX forged_index IF NOT EXISTS FOR (n:X) ON (n.v)",
    "CALL db.createLabel('Forged')",
]


@pytest.fixture
def cypher_command() -> None:
    if "cypher" not in cli.commands:
        pytest.skip("`provgraph cypher` is not registered yet")


def test_cypher_without_write_is_refused_by_the_server_and_writes_nothing(cypher_command: None, graph: Graph, neo4j_settings) -> None:
    assert run_cli(["ingest", "cards", str(REPO / "tests/fixtures/cards/board/01-retry.json"), "--store", "ro"],
                   neo4j_settings.uri).returncode == 0
    before = counts(graph)
    indexes = graph.read("SHOW INDEXES YIELD name RETURN collect(name) AS names")[0]["names"]
    runner = CliRunner()
    for query in WRITES:
        result = runner.invoke(cli, ["cypher", query])
        assert result.exit_code == 2, (query, result.output, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1 and "--write" in result.stderr, result.stderr
        assert counts(graph) == before, query
    assert graph.read("SHOW INDEXES YIELD name RETURN collect(name) AS names")[0]["names"] == indexes
    assert graph.read("MATCH (c:Claim) WHERE c.text = 'overwritten' RETURN count(c) AS n")[0]["n"] == 0


def test_the_refusal_comes_from_a_read_transaction_not_from_parsing_the_text(cypher_command: None, graph: Graph) -> None:
    # The same statements in a READ_ACCESS transaction fail in the database itself.
    from provgraph.base.errors import QueryError

    for query in WRITES[:3]:
        with pytest.raises(QueryError):
            list(graph.stream(query))
    assert counts(graph).get("node:X", 0) == 0


def test_cypher_with_write_does_write(cypher_command: None, graph: Graph) -> None:
    result = CliRunner().invoke(cli, ["cypher", "CREATE (n:X {v: 1}) RETURN n.v AS v", "--write", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert graph.read("MATCH (n:X) RETURN count(n) AS n")[0]["n"] == 1
    graph.write("MATCH (n:X) DETACH DELETE n")
