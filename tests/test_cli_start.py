"""The CLI starts without the driver: `provgraph --help`, `--version` and a usage error load no `neo4j`, and a
command's module is imported only when that command is asked for (its time is measured by bench/served/cli_start.py,
never here). No database needed."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest

from provgraph.cli import cli
from provgraph.cli.commands import LAZY_COMMANDS, MODULE_OF

# Each runs `main()` with argv in a fresh interpreter, then says which heavy packages were imported.
_PROBE = """
import sys
from provgraph.cli import main
sys.argv = ["provgraph", *{argv!r}]
try:
    main()
except SystemExit:
    pass
print("LOADED", sorted(name for name in ("neo4j", "pandas", "provgraph.api", "provgraph.cli.ingest") if name in sys.modules),
      file=sys.stderr)
"""

# Commands whose option declarations need nothing below the CLI: their usage errors stay as cheap as --help.
CHEAP_COMMANDS = ["adjudicate", "changes", "check", "conflicts", "cypher", "init", "lineage", "mcp", "query", "reset",
                  "status", "verify"]


def _loaded(*argv: str) -> str:
    done = subprocess.run([sys.executable, "-c", _PROBE.format(argv=list(argv))], capture_output=True, text=True,
                          timeout=120, check=False)
    return done.stderr.strip().splitlines()[-1]


def test_importing_the_cli_loads_no_driver():
    done = subprocess.run([sys.executable, "-c", "import sys, provgraph.cli; print('neo4j' in sys.modules)"],
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "False"


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["statuz"], [], *[[name, "--no-such-option"] for name in
                                                                              CHEAP_COMMANDS]],
                         ids=lambda argv: " ".join(argv) or "(no command)")
def test_help_version_and_usage_errors_load_no_driver(argv):
    assert _loaded(*argv) == "LOADED []"


def test_the_help_lists_each_command_with_its_own_first_sentence():
    for name, sentence in LAZY_COMMANDS.items():
        command = cli.commands[name]
        assert command.callback is not None and command.callback.__module__ == f"provgraph.cli.{MODULE_OF.get(name, name)}"
        assert click.Command(name, help=sentence).get_short_help_str(10_000) == command.get_short_help_str(10_000), name


def test_every_command_a_module_defines_is_listed():
    ctx = click.Context(cli)
    assert cli.list_commands(ctx) == sorted(LAZY_COMMANDS)
    for name in LAZY_COMMANDS:
        assert cli.get_command(ctx, name) is not None


def test_the_cli_start_bench_runs_without_a_server(tmp_path):
    """bench/served/cli_start.py stays runnable (its numbers are bench/README.md's, never asserted here)."""
    root = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, "-m", "bench.served.cli_start", "--no-server", "--runs", "1", "--json", str(tmp_path / "out.json")],
                   cwd=root, capture_output=True, text=True, timeout=300, check=True)
    result = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert result["imports_neo4j"] is False and set(result["process_s"]) == {
        "--help", "--version", "usage error (status --no-such-option)", "status --help"}


def _modules_after(code: str, names: tuple[str, ...]) -> list[str]:
    code += f"\nimport sys; print(sorted(name for name in {names!r} if name in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout.strip().replace("'", '"'))


def test_the_api_loads_only_what_a_question_needs_and_the_driver_without_numpy_or_pandas():
    heavy = ("neo4j", "numpy", "pandas", "neomodel", "prov", "provgraph.report", "provgraph.ingest.pipeline",
             "provgraph.engine.adjudication", "provgraph.engine.prov")
    assert _modules_after("import provgraph.api, provgraph.graph.schema", heavy) == ["neo4j"]


def test_pandas_imports_as_usual_after_the_driver_and_a_program_that_loaded_it_first_keeps_the_drivers_support():
    after = "import provgraph.graph.connection, pandas, provgraph.report\nfrom neo4j._optional_deps import pd\nprint(pd is None)"
    done = subprocess.run([sys.executable, "-c", after], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split() == ["True"]
    before = "import pandas, provgraph.graph.connection\nfrom neo4j._optional_deps import pd\nprint(pd is pandas)"
    done = subprocess.run([sys.executable, "-c", before], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split() == ["True"]
