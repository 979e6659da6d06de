"""Read-only Cypher refuses LOAD CSV before the server sees it: no host file is read, no URL fetched."""
from __future__ import annotations

import http.server
import threading
from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner
from reliability_helpers import run_cli

from provgraph.base.errors import QueryError
from provgraph.cli import cli
from provgraph.engine import queries
from provgraph.graph.connection import Graph


class _Recorder(http.server.BaseHTTPRequestHandler):
    requests: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 - the http.server API
        type(self).requests.append(self.path)
        body = b"name\nfetched-by-the-server\n"
        self.send_response(200)
        self.send_header("Content-Type", "text/csv")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def web() -> Iterator[str]:
    """A local HTTP server that records every request the Neo4j server makes to it."""
    _Recorder.requests = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _spellings(url: str) -> list[str]:
    return [
        f"LOAD CSV FROM '{url}/plain.csv' AS row RETURN row",
        f"load csv with headers from '{url}/lower.csv' as row return row.name",
        f"LOAD/* hidden */CSV FROM '{url}/comment.csv' AS row RETURN row",
        f"MATCH (n) WITH count(n) AS n\n  LOAD\n  CSV FROM '{url}/newline.csv' AS row RETURN row",
        f"CALL () {{ LOAD CSV FROM '{url}/subquery.csv' AS row RETURN row }} RETURN row",
        "// a comment first\nLOAD CSV FROM $url AS row RETURN row",
    ]


def test_read_only_cypher_refuses_load_csv_before_the_server_fetches_anything(graph: Graph, web: str) -> None:
    runner = CliRunner()
    for query in _spellings(web):
        result = runner.invoke(cli, ["cypher", query, "--param", f"url={web}/param.csv"])
        assert result.exit_code == 2, (query, result.stdout, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "LOAD CSV" in lines[0] and "--write" in lines[0], result.stderr
        assert "fetched-by-the-server" not in result.stdout
    assert _Recorder.requests == []  # not one request reached the web server


def test_read_only_cypher_never_prints_a_host_file(graph: Graph, neo4j_settings, tmp_path: Path) -> None:
    secret = tmp_path / "host-secret.csv"
    secret.write_text("line\nTOP-SECRET-HOST-FILE\n")
    for query in (f"LOAD CSV FROM 'file://{secret}' AS row RETURN row",
                  "LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row"):
        result = run_cli(["cypher", query, "--format", "json"], neo4j_settings.uri)
        assert result.returncode == 2, result.stderr
        assert "TOP-SECRET" not in result.stdout and "root:" not in result.stdout
        assert len(result.stderr.strip().splitlines()) == 1 and "LOAD CSV" in result.stderr


def test_text_that_only_mentions_load_csv_still_runs(graph: Graph) -> None:
    runner = CliRunner()
    for query in ("RETURN 'LOAD CSV FROM x' AS text", "RETURN 1 AS `LOAD CSV` // LOAD CSV", 'RETURN "a\\" LOAD CSV" AS t'):
        result = runner.invoke(cli, ["cypher", query, "--format", "json"])
        assert result.exit_code == 0, (query, result.stderr)


def test_the_python_api_refuses_it_too_for_every_read_only_caller(graph: Graph) -> None:
    with pytest.raises(QueryError, match="LOAD CSV"):
        queries.run_cypher(graph, "LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row")
    assert queries.loads_csv("lOaD\tCsV FROM 'x' AS r RETURN r")
    assert not queries.loads_csv("MATCH (n:DOWNLOAD) RETURN n.csv")


def test_with_write_load_csv_is_passed_to_the_server(graph: Graph, web: str) -> None:
    # --write is the one way to import; what the server may read is then its own settings' business
    result = CliRunner().invoke(cli, ["cypher", f"LOAD CSV WITH HEADERS FROM '{web}/import.csv' AS row "
                                                "CREATE (n:Imported {name: row.name}) RETURN n.name AS name",
                                      "--write", "--format", "json"])
    assert "read-only mode" not in result.stderr
    if result.exit_code == 0:
        assert _Recorder.requests == ["/import.csv"]
    graph.write("MATCH (n:Imported) DELETE n")
