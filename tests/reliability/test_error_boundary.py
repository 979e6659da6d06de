"""Every way a command can end: a crash has its own exit code and one line, a closed pipe is quiet,
a full disk is one line, and a click usage error is one line that points at --help."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from reliability_helpers import PROVGRAPH, cli_env, run_cli

from provgraph.base.errors import EXIT_BROKEN_PIPE, EXIT_CRASH, EXIT_OUTPUT, EXIT_USAGE, exit_code_for
from provgraph.cli import cli
from provgraph.engine import queries
from provgraph.graph.connection import Graph


def _explode() -> None:
    raise RuntimeError("boom: an unexpected failure")


def test_an_unexpected_exception_exits_70_with_one_line_and_no_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PROVGRAPH_DEBUG", raising=False)
    monkeypatch.setattr(queries, "list_queries", _explode)
    result = CliRunner().invoke(cli, ["query", "--list"])
    assert result.exit_code == EXIT_CRASH == 70
    assert result.exit_code != 1  # 1 means "a finding", never a crash
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "internal error" in lines[0] and "RuntimeError" in lines[0] and "--debug" in lines[0]
    assert "Traceback" not in result.stderr + result.output


def test_debug_flag_or_env_shows_the_traceback_of_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(queries, "list_queries", _explode)
    monkeypatch.delenv("PROVGRAPH_DEBUG", raising=False)
    flagged = CliRunner().invoke(cli, ["--debug", "query", "--list"])
    assert flagged.exit_code == EXIT_CRASH and "Traceback" in flagged.stderr and "_explode" in flagged.stderr
    by_env = CliRunner().invoke(cli, ["query", "--list"], env={"PROVGRAPH_DEBUG": "1"})
    assert by_env.exit_code == EXIT_CRASH and "Traceback" in by_env.stderr
    assert by_env.stderr.strip().splitlines()[-1].startswith("provgraph: internal error")


def test_a_crash_in_a_real_process_prints_one_line_on_stderr() -> None:
    code = ("import sys, provgraph.engine.queries as e\n"
            "e.list_queries = lambda: 1 / 0\n"
            "from provgraph.cli import main\n"
            "main()\n")
    env = {k: v for k, v in cli_env("bolt://127.0.0.1:1").items() if k != "PROVGRAPH_DEBUG"}
    done = subprocess.run([sys.executable, "-c", code, "query", "--list"], capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode == EXIT_CRASH, done.stderr
    assert done.stderr.strip().splitlines() == [done.stderr.strip()] and "ZeroDivisionError" in done.stderr


def test_the_exit_code_table_gives_crashes_their_own_code() -> None:
    assert exit_code_for(RuntimeError("x")) == EXIT_CRASH
    assert exit_code_for(BrokenPipeError()) == EXIT_BROKEN_PIPE
    assert exit_code_for(OSError(28, "No space left on device")) == EXIT_OUTPUT
    assert len({EXIT_CRASH, EXIT_OUTPUT, EXIT_BROKEN_PIPE, 0, 1, 2, 3}) == 7


@pytest.mark.long(20)
def test_a_closed_pipe_ends_quietly(graph: Graph, neo4j_settings, tmp_path) -> None:
    # `provgraph status --format json | head -1`: one write per claim, far more than a pipe buffer holds
    log = tmp_path / "many.jsonl"
    log.write_text("".join(json.dumps({"ts": 1700000000000 + i, "id": f"pipe-{i}", "subject": f"s.{i}", "value": "v",
                                       "text": "x" * 200}) + "\n" for i in range(1500)))
    assert run_cli(["ingest", "logs", str(log), "--store", "pipe"], neo4j_settings.uri).returncode == 0
    process = subprocess.Popen([PROVGRAPH, "status", "--format", "json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=cli_env(neo4j_settings.uri))
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline().strip() == b"["
    process.stdout.close()
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=300) == EXIT_BROKEN_PIPE, stderr
    assert stderr == ""


def test_a_full_disk_is_one_line(graph: Graph, neo4j_settings, tmp_path) -> None:
    with open("/dev/full", "w") as full:
        listed = subprocess.run([PROVGRAPH, "query", "--list"], stdout=full, stderr=subprocess.PIPE, text=True,
                                env=cli_env("bolt://127.0.0.1:1"), timeout=120)
        rows = subprocess.run([PROVGRAPH, "status", "--format", "json"], stdout=full, stderr=subprocess.PIPE,
                              text=True, env=cli_env(neo4j_settings.uri), timeout=120)
    exported = subprocess.run([PROVGRAPH, "export", "--format", "prov-json", "--out", "/dev/full"],
                              capture_output=True, text=True, env=cli_env(neo4j_settings.uri), timeout=120)
    for done in (listed, rows, exported):
        assert done.returncode == EXIT_OUTPUT, done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "No space left on device" in lines[0], done.stderr
        assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


@pytest.mark.parametrize("args, command", [
    (["bogus"], "provgraph"),
    (["--bogus"], "provgraph"),
    (["status", "--bogus"], "provgraph status"),
    (["status", "--format", "xml"], "provgraph status"),
    (["lineage"], "provgraph lineage"),
    (["verify", "--batch", "/no/such/requests.jsonl"], "provgraph verify"),
    (["ingest", "logs", "x.jsonl", "--format", "yaml"], "provgraph ingest logs"),
    # an option short of its values: click raises these without the subcommand's context
    (["adjudicate", "--distinct", "A"], "provgraph adjudicate"),
    (["status", "--only"], "provgraph status"),
    (["verify", "--evidence"], "provgraph verify"),
    (["cypher", "--param"], "provgraph cypher"),
    (["server", "status", "--port"], "provgraph server status"),
])
def test_click_usage_errors_are_one_line_that_points_at_help(args: list[str], command: str) -> None:
    result = CliRunner().invoke(cli, args, prog_name="provgraph")
    assert result.exit_code == EXIT_USAGE, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("provgraph: ") and f"`{command} --help`" in lines[0]
    assert "Usage:" not in result.stderr + result.output
