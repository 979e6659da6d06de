"""The local server reads no host file for a query: LOAD CSV of a file URL fails even with --write, the
import folder is an empty one of ours, and nothing but loopback is listened on."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from reliability_helpers import run_cli

from provgraph.base.config import Settings, provgraph_home
from provgraph.graph.connection import Graph
from provgraph.graph.server import local

SETTINGS = ("dbms.security.allow_csv_import_from_file_urls", "server.directories.import",
            "server.default_listen_address", "server.bolt.listen_address", "server.http.listen_address")


def test_load_csv_of_a_host_file_fails_on_the_local_server_even_with_write(graph: Graph,
                                                                          neo4j_settings: Settings) -> None:
    for query in ("LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row",
                  "LOAD CSV FROM 'file:///etc/hostname' AS row CREATE (:Leak {line: row[0]}) RETURN count(*) AS n"):
        result = run_cli(["cypher", "--write", query, "--format", "json"], neo4j_settings.uri, timeout=120)
        assert result.returncode == 2, (query, result.stdout, result.stderr)
        assert "root:" not in result.stdout + result.stderr
        assert "allow_csv_import_from_file_urls" in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert graph.read("MATCH (n:Leak) RETURN count(n) AS n")[0]["n"] == 0


def test_the_server_runs_with_file_urls_off_an_empty_import_folder_and_loopback_only(graph: Graph) -> None:
    rows = graph.read("CALL dbms.listConfig() YIELD name, value WHERE name IN $names RETURN name, value",
                      {"names": list(SETTINGS)})
    config = {row["name"]: row["value"] for row in rows}
    assert config["dbms.security.allow_csv_import_from_file_urls"] == "false"
    assert config["server.default_listen_address"] == "127.0.0.1"
    assert config["server.bolt.listen_address"].startswith("127.0.0.1:")
    assert config["server.http.listen_address"].startswith("127.0.0.1:")
    imports = Path(config["server.directories.import"])
    assert imports.is_dir() and list(imports.iterdir()) == []


def test_neo4j_conf_without_http_turns_the_http_connector_off(tmp_path: Path) -> None:
    conf = local.neo4j_conf(local.ServerOptions(port=7999), tmp_path)
    lines = dict(line.split("=", 1) for line in conf.splitlines() if line and not line.startswith("#"))
    assert lines["server.http.enabled"] == "false" and "server.http.listen_address" not in lines
    assert lines["dbms.security.allow_csv_import_from_file_urls"] == "false"
    assert lines["server.directories.import"] == str(tmp_path / "import")
    assert lines["server.bolt.advertised_address"] == "127.0.0.1:7999"


def test_plans_are_keyed_by_parameter_sizes_unless_the_options_say_not(tmp_path: Path) -> None:
    def setting(options: local.ServerOptions) -> str | None:
        lines = dict(line.split("=", 1) for line in local.neo4j_conf(options, tmp_path).splitlines() if "=" in line)
        return lines.get("internal.cypher.use_parameter_size")

    assert setting(local.ServerOptions(port=7999)) is None  # Neo4j's default: a plan per size of list and string
    assert setting(local.ServerOptions(port=7999, plan_by_parameter_size=False)) == "false"  # the suite's server


def test_the_server_keeps_a_bounded_tail_of_transaction_logs_not_two_days_of_them(graph: Graph) -> None:
    rows = graph.read("CALL dbms.listConfig() YIELD name, value WHERE name = $name RETURN value",
                      {"name": "db.tx_log.rotation.retention_policy"})
    assert rows == [{"value": local.TX_LOG_RETENTION}]


def test_the_server_stops_without_bolts_idle_waits_for_new_work(neo4j_settings: Settings) -> None:
    # not in dbms.listConfig (an internal setting): the configuration the server started with, in its debug.log
    if "PROVGRAPH_TEST_URI" in os.environ:
        pytest.skip("suite runs against an external server")
    port = int(neo4j_settings.uri.rsplit(":", 1)[1])
    logs = sorted((provgraph_home() / f"test-server-{port}" / "neo4j" / "logs").glob("debug.log*"),
                  key=lambda path: path.stat().st_mtime)  # the current one last, after any rotated ones
    started_with = [line.strip() for log in logs for line in log.read_text(errors="replace").splitlines()
                    if "shutdown_quiet_period" in line]
    assert started_with[-1] == "internal.dbms.bolt.netty_server_shutdown_quiet_period=0"  # the latest start's
