"""`provgraph cypher`: read-only enforced by the server, --write, typed params, output formats, errors."""
from __future__ import annotations

import csv
import io
import json

import pytest
from explore_helpers import node_count, run

from provgraph.base.errors import QueryError
from provgraph.engine.queries import parse_param, run_cypher
from provgraph.graph.connection import Graph

WRITES = [
    "CREATE (:Store {name: 'sneaky'})",
    "MERGE (:Store {name: 'sneaky'})",
    "MATCH (s:Store) DETACH DELETE s",
    "MATCH (s:Store) SET s.kind = 'changed'",
    "MATCH (s:Store) REMOVE s.kind",
    "MATCH (s:Store) SET s:Extra",
    "CREATE INDEX sneaky IF NOT EXISTS FOR (n:Store) ON (n.kind)",
    "MATCH (s:Store) CALL (s) { CREATE (:Store {name: s.name + '2'}) } RETURN count(*)",
]


@pytest.fixture
def seeded(graph: Graph) -> Graph:
    graph.write("CREATE (:Store {name: 'adr', kind: 'files'}), (:Store {name: 'log', kind: 'logs'})")
    return graph


@pytest.mark.parametrize("query", WRITES)
def test_read_only_cypher_refuses_every_write_and_leaves_the_graph_unchanged(seeded: Graph, query: str) -> None:
    before = seeded.read("MATCH (s:Store) RETURN s.name AS name, s.kind AS kind, labels(s) AS labels ORDER BY name")
    result = run("cypher", query)
    assert result.exit_code == 2
    assert result.output.strip() == "provgraph: this query writes; re-run with --write"
    assert "Traceback" not in result.output
    after = seeded.read("MATCH (s:Store) RETURN s.name AS name, s.kind AS kind, labels(s) AS labels ORDER BY name")
    assert after == before
    assert not seeded.read("SHOW INDEXES YIELD name WHERE name = 'sneaky' RETURN name")


def test_write_flag_runs_the_query_in_a_write_transaction(seeded: Graph) -> None:
    before = node_count(seeded)
    result = run("cypher", "CREATE (s:Store {name: $name}) RETURN s.name AS name", "--param", "name=new", "--write",
                 "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == [{"name": "new"}]
    assert node_count(seeded) == before + 1


def test_write_flag_allows_batched_transactions(seeded: Graph) -> None:
    query = "MATCH (s:Store) CALL (s) { SET s.touched = true } IN TRANSACTIONS OF 1 ROW"
    assert run("cypher", query, "--write").exit_code == 0
    assert seeded.read("MATCH (s:Store) WHERE s.touched RETURN count(s) AS n")[0]["n"] == 2


def test_python_api_refuses_writes_with_the_same_one_line_error(seeded: Graph) -> None:
    with pytest.raises(QueryError, match="^this query writes; re-run with --write$"):
        run_cypher(seeded, "CREATE (:Store {name: 'x'})")
    assert node_count(seeded) == 2


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("n=3", ("n", 3)),
        ("x=1.5", ("x", 1.5)),
        ("ok=true", ("ok", True)),
        ("ok=false", ("ok", False)),
        ("v=null", ("v", None)),
        ('ids=["a","b"]', ("ids", ["a", "b"])),
        ('m={"k": 1}', ("m", {"k": 1})),
        ("name=alice", ("name", "alice")),
        ("t=2026-01-01T00:00:00Z", ("t", "2026-01-01T00:00:00Z")),
        ('code="007"', ("code", "007")),
        ("empty=", ("empty", "")),
        ("eq=a=b", ("eq", "a=b")),
        ("$id=x", ("id", "x")),
        ("nan=NaN", ("nan", "NaN")),
    ],
)
def test_param_values_are_json_when_they_parse_as_json_else_strings(text: str, expected: tuple) -> None:
    assert parse_param(text) == expected


@pytest.mark.parametrize("bad", ["novalue", "=3", "bad name=1", "1x=2"])
def test_malformed_param_is_a_usage_error(graph: Graph, bad: str) -> None:
    result = run("cypher", "RETURN 1", "--param", bad)
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "--param" in result.output


def test_params_reach_the_database_typed(graph: Graph) -> None:
    query = "RETURN valueType($n) AS n, valueType($x) AS x, valueType($ok) AS ok, valueType($ids) AS ids, valueType($s) AS s"
    result = run("cypher", query, "--param", "n=3", "--param", "x=1.5", "--param", "ok=true",
                 "--param", 'ids=["a"]', "--param", "s=hello", "--format", "json")
    assert result.exit_code == 0, result.output
    [row] = json.loads(result.stdout)
    assert row == {"n": "INTEGER NOT NULL", "x": "FLOAT NOT NULL", "ok": "BOOLEAN NOT NULL",
                   "ids": "LIST<STRING NOT NULL> NOT NULL", "s": "STRING NOT NULL"}


def test_injection_strings_in_params_stay_values(seeded: Graph) -> None:
    hostile = "x'}) DETACH DELETE n //"
    result = run("cypher", "MATCH (s:Store {name: $name}) RETURN s", "--param", f"name={hostile}", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == []
    assert node_count(seeded) == 2


def test_json_output_is_an_array_of_objects_keyed_by_column_with_nodes_and_times_converted(graph: Graph) -> None:
    graph.write("CREATE (:Store {name: 'adr', kind: 'files'})-[:MARK {w: 1}]->(:Store {name: 'b', kind: 'logs'})")
    query = ("MATCH p = (a:Store {name: 'adr'})-[r]->(b) "
             "RETURN a AS node, r AS rel, p AS path, datetime('2026-01-02T03:04:05Z') AS at, date('2026-01-02') AS day, "
             "duration('P1DT2H') AS span, point({x: 1, y: 2}) AS where, null AS nothing")
    result = run("cypher", query, "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert isinstance(rows, list) and len(rows) == 1
    row = rows[0]
    assert list(row) == ["node", "rel", "path", "at", "day", "span", "where", "nothing"]
    assert row["node"] == {"_labels": ["Store"], "name": "adr", "kind": "files"}
    assert row["rel"] == {"_type": "MARK", "_start": "adr", "_end": "b", "w": 1}
    assert [item.get("name", item.get("_type")) for item in row["path"]] == ["adr", "MARK", "b"]
    assert row["at"] == "2026-01-02T03:04:05+00:00"
    assert row["day"] == "2026-01-02"
    assert row["span"].startswith("P") and "T2H" in row["span"]
    assert row["where"] == {"srid": 7203, "x": 1.0, "y": 2.0}
    assert row["nothing"] is None


def test_json_output_of_no_rows_is_an_empty_array(graph: Graph) -> None:
    result = run("cypher", "MATCH (c:Claim) RETURN c", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == []


def test_csv_output_has_a_header_and_one_line_per_row(seeded: Graph) -> None:
    result = run("cypher", "MATCH (s:Store) RETURN s.name AS name, s.kind AS kind, [s.name, 'x,y'] AS parts ORDER BY name",
                 "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows == [["name", "kind", "parts"], ["adr", "files", '["adr","x,y"]'], ["log", "logs", '["log","x,y"]']]


def test_table_output_when_piped_is_plain_aligned_text(seeded: Graph) -> None:
    result = run("cypher", "MATCH (s:Store) RETURN s.name AS name, s.kind AS kind ORDER BY name")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["name", "kind"]
    assert set(lines[1].replace(" ", "")) == {"-"}
    assert lines[2].split() == ["adr", "files"] and lines[3].split() == ["log", "logs"]
    assert lines[2].index("files") == lines[0].index("kind")


@pytest.mark.parametrize("query", ["RETURN 1 +", "MATCH (n RETURN n", "RETURN nosuchfunction(1)"])
def test_syntax_error_is_one_line_exit_2_without_traceback(graph: Graph, query: str) -> None:
    result = run("cypher", query)
    assert result.exit_code == 2
    assert result.output.startswith("provgraph: query failed: ")
    assert result.output.count("\n") == 1
    assert "Traceback" not in result.output


def test_runtime_database_error_is_one_line_exit_2(graph: Graph) -> None:
    result = run("cypher", "RETURN toInteger([1]) + 'a' AS x, 1 / 0 AS y")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1


def test_missing_parameter_is_one_line_exit_2(graph: Graph) -> None:
    result = run("cypher", "RETURN $nope AS x")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1


def test_csv_keeps_integers_beside_nulls_and_writes_json_booleans(graph: Graph) -> None:
    query = "RETURN 1 AS n, null AS s, true AS b UNION ALL RETURN null AS n, 'x' AS s, false AS b"
    result = run("cypher", query, "--format", "csv")
    assert result.stdout.splitlines() == ["n,s,b", "1,,true", ",x,false"]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_table_on_a_terminal_is_a_rich_table_that_shows_markup_as_data(monkeypatch: pytest.MonkeyPatch) -> None:
    from provgraph.cli.cypher import _render
    from provgraph.engine.queries import QueryResult

    screen = _Terminal()
    monkeypatch.setattr("sys.stdout", screen)
    monkeypatch.setenv("TERM", "dumb")
    _render(QueryResult(columns=["[b]name", "n"], rows=[["[red]x[/red]", 1]]), "table")
    text = screen.getvalue()
    assert "[b]name" in text and "[red]x[/red]" in text
    assert any(ch in text for ch in "│┃|")
