"""Fixtures for the report tests: `make_report` runs `provgraph report` in-process."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest
from chromium_helpers import browser, page  # noqa: F401 - the headless-Chromium fixtures
from cli_helpers import run as run_cli
from click.testing import Result

from provgraph.graph.connection import Graph


@pytest.fixture
def make_report(graph: Graph, tmp_path: Path) -> Callable[..., tuple[Result, dict[str, Any] | None]]:
    """Run `provgraph report --out <fresh dir> --baseline tests ARGS...`; return the click result and report.json."""
    runs = iter(range(1, 1000))

    def run(*args: str) -> tuple[Result, dict[str, Any] | None]:
        out = tmp_path / f"run{next(runs)}"
        # a fresh directory per run, one baseline for all of them (the default baseline is the directory)
        result = run_cli("report", "--out", str(out), "--baseline", "tests", *args)
        data = json.loads((out / "report.json").read_text()) if (out / "report.json").exists() else None
        run.out = out  # type: ignore[attr-defined]
        return result, data

    return run
