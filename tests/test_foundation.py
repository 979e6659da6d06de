"""The foundation: a real server, the schema, the exit-code contract."""
from __future__ import annotations

import logging
from datetime import datetime, timezone

import pytest
from cli_helpers import run
from graphs import GraphBuilder

from provgraph.base.config import Settings
from provgraph.base.errors import ConfigError
from provgraph.graph.connection import Graph
from provgraph.graph.schema import install_schema


def test_init_installs_unique_constraints_for_every_key(graph: Graph) -> None:
    result = run("init")
    assert result.exit_code == 0, result.output
    rows = graph.read("SHOW CONSTRAINTS YIELD labelsOrTypes, properties, type RETURN labelsOrTypes[0] AS label, properties[0] AS key, type")
    unique = {(row["label"], row["key"]) for row in rows if row["type"] == "UNIQUENESS"}
    for label, key in [("Store", "name"), ("Source", "uid"), ("Snapshot", "uid"), ("Claim", "uid"), ("Adjudication", "uid")]:
        assert (label, key) in unique


def test_init_is_idempotent(graph: Graph) -> None:
    first = install_schema(graph)
    second = install_schema(graph)
    assert first == second


def test_unique_constraint_rejects_duplicate_claim(graph: Graph) -> None:
    graph.write("CREATE (:Claim {uid: 'c1'})")
    from provgraph.base.errors import QueryError

    with pytest.raises(QueryError):
        graph.write("CREATE (:Claim {uid: 'c1'})")
    assert graph.read("MATCH (c:Claim {uid: 'c1'}) RETURN count(c) AS n")[0]["n"] == 1


def test_reset_refuses_without_yes_and_keeps_data(graph: Graph) -> None:
    graph.write("CREATE (:Claim {uid: 'keep-me'})")
    result = run("reset")
    assert result.exit_code == 2
    assert "--yes" in result.output
    assert graph.read("MATCH (c:Claim) RETURN count(c) AS n")[0]["n"] == 1


def test_reset_yes_wipes_provgraph_nodes_only(graph: Graph) -> None:
    graph.write("CREATE (:Claim {uid: 'a'})-[:SUPERSEDES]->(:Claim {uid: 'b'}), (:NotOurs {x: 1})")
    result = run("reset", "--yes")
    assert result.exit_code == 0, result.output
    assert graph.read("MATCH (c:Claim) RETURN count(c) AS n")[0]["n"] == 0
    assert graph.read("MATCH (n:NotOurs) RETURN count(n) AS n")[0]["n"] == 1
    graph.write("MATCH (n:NotOurs) DELETE n")


def test_reset_yes_wipes_nodes_with_more_links_than_a_batch_and_keeps_a_dense_node_of_other_data(graph: Graph) -> None:
    from provgraph.graph import schema

    many = 3 * schema.WIPE_DEGREE
    graph.write("CREATE (s:Store {name: 'big'}), (other:NotOurs {x: 1}) WITH s, other UNWIND range(1, $n) AS i "
                "CREATE (s)<-[:IN]-(:Source {uid: 'src' + i})-[:NEAR]->(other), (s)-[:SEEN]->(:NotOurs {x: i})",
                {"n": many})
    result = run("reset", "--yes")
    assert result.exit_code == 0, result.output
    assert graph.read("MATCH (n) WHERE n:Store OR n:Source RETURN count(n) AS n")[0]["n"] == 0
    assert graph.read("MATCH (n:NotOurs) RETURN count(n) AS n")[0]["n"] == many + 1
    graph.write("MATCH (n:NotOurs) DETACH DELETE n")


def test_unreachable_database_exits_3_with_one_line_naming_uri_without_password() -> None:
    result = run("init", env={"NEO4J_URI": "bolt://127.0.0.1:1", "NEO4J_PASSWORD": "s3cret-pw"})
    assert result.exit_code == 3
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1
    assert "bolt://127.0.0.1:1" in lines[0]
    assert "s3cret-pw" not in result.output
    assert "Traceback" not in result.output


def test_unreachable_routing_uri_exits_3_without_password() -> None:
    result = run("init", env={"NEO4J_URI": "neo4j://127.0.0.1:1", "NEO4J_PASSWORD": "pw"})
    assert result.exit_code == 3
    assert "pw" not in result.output.replace("provgraph", "")


def test_uri_with_unknown_scheme_is_a_usage_error() -> None:
    with pytest.raises(ConfigError):
        Settings(uri="http://127.0.0.1:7474")
    result = run("init", env={"NEO4J_URI": "http://127.0.0.1:7474"})
    assert result.exit_code == 2


def test_credentials_in_uri_are_refused_without_repeating_them() -> None:
    with pytest.raises(ConfigError) as refused:
        Settings(uri="bolt://user:hunter2@127.0.0.1:1")
    assert "hunter2" not in str(refused.value) and "NEO4J_USERNAME" in str(refused.value)
    assert "hunter2" not in repr(Settings(uri="bolt://127.0.0.1:1", password="hunter2"))


def test_server_status_reports_running_suite_server(neo4j_settings: Settings) -> None:
    from provgraph.base.config import provgraph_home
    from provgraph.graph.server import local, runtime

    port = int(neo4j_settings.uri.rsplit(":", 1)[1])
    state = local.status(local.ServerOptions(port=port, data_dir=provgraph_home() / f"test-server-{port}"))
    if "PROVGRAPH_TEST_URI" in __import__("os").environ:
        pytest.skip("suite runs against an external server")
    assert state.running and state.version == runtime.NEO4J_VERSION


def test_server_start_twice_reuses_the_running_server(neo4j_settings: Settings) -> None:
    from provgraph.base.config import provgraph_home
    from provgraph.graph.server import local

    port = int(neo4j_settings.uri.rsplit(":", 1)[1])
    options = local.ServerOptions(port=port, data_dir=provgraph_home() / f"test-server-{port}")
    before = local.status(options)
    again = local.start(options)
    assert again.pid == before.pid


def test_routing_uri_reads_and_writes(graph: Graph, neo4j_settings: Settings) -> None:
    routing = Settings(uri=neo4j_settings.uri.replace("bolt://", "neo4j://"))
    with Graph(routing) as other:
        other.write("CREATE (:Claim {uid: 'via-routing'})")
        assert other.read("MATCH (c:Claim {uid: 'via-routing'}) RETURN count(c) AS n")[0]["n"] == 1


def test_a_collected_read_gives_the_rows_a_plain_read_gives(g: GraphBuilder) -> None:
    for number in range(30):
        g.claim(f"c{number}", subject="cfg.x", value=str(number % 3), at=f"2024-01-{number % 28 + 1:02d}")
    g.supersedes("c5", "c4")
    params = {"claims": [f"c{number}" for number in range(32)], "q": None, "t": datetime.now(timezone.utc),
              "subject": None, "only": None}
    plain = g.graph.read("status", params)
    assert len(plain) == 30 and {row["status"] for row in plain} >= {"STALE", "CONFLICT"}
    by_claim = sorted(g.graph.read("status", params, collected=True), key=lambda row: row["claim"])
    assert by_claim == sorted(plain, key=lambda row: row["claim"])
    in_tx = g.graph.transaction(lambda tx: tx.rows("status", params, collected=True))
    assert sorted(in_tx, key=lambda row: row["claim"]) == by_claim
    assert g.graph.read("status", {**params, "claims": ["none such"]}, collected=True) == []
    # ad-hoc text: planner options first, a column name that needs quoting, a closing semicolon
    text = "CYPHER replan=skip\nUNWIND $xs AS x RETURN x AS `odd ``name`, x * 2 AS twice;"
    assert g.graph.read(text, {"xs": [1, 2]}, collected=True) == [{"odd `name": 1, "twice": 2},
                                                                  {"odd `name": 2, "twice": 4}]


def test_a_list_parameter_is_sent_whole_and_logged_by_its_length(graph: Graph, caplog: pytest.LogCaptureFixture) -> None:
    values = [f"value {number}" for number in range(5000)]
    with caplog.at_level(logging.DEBUG, logger="neo4j"):
        rows = graph.read("UNWIND $values AS v RETURN count(v) AS n, max(v) AS top", {"values": values})
    assert rows == [{"n": 5000, "top": "value 999"}]
    sent = [record.getMessage() for record in caplog.records if "C: RUN" in record.getMessage()]
    assert sent and all("value 4999" not in line for line in sent) and any("<list of 5000>" in line for line in sent)
