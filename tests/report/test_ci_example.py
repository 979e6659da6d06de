"""examples/ci/provgraph-nightly.yml: the nightly job's provgraph commands parse as the CLI has them, and it uploads
the SARIF the report writes."""
from __future__ import annotations

import shlex
from pathlib import Path

import click
import yaml

from provgraph.cli import cli

WORKFLOW = Path(__file__).resolve().parents[2] / "examples" / "ci" / "provgraph-nightly.yml"


def _steps() -> list[dict]:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]["provgraph"]["steps"]


def test_the_workflow_runs_ingest_and_a_sarif_report_and_uploads_that_file() -> None:
    commands = [shlex.split(step["run"].split("#")[0]) for step in _steps() if step.get("run", "").startswith("provgraph ")]
    assert [c[1] for c in commands] == ["ingest", "report"]
    for words in commands:
        command = cli
        args = words[1:]
        while isinstance(command, click.Group) and args and args[0] in command.commands:
            command, args = command.commands[args[0]], args[1:]
        command.make_context(words[1], list(args))  # a wrong option or value raises click.UsageError here
    report = commands[1]
    out, formats = report[report.index("--out") + 1], report[report.index("--format") + 1].split(",")
    assert "sarif" in formats
    [upload] = [step for step in _steps() if step.get("uses", "").startswith("github/codeql-action/upload-sarif")]
    assert upload["with"]["sarif_file"] == f"{out}/report.sarif" and upload["if"] == "always()"
