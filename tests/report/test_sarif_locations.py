"""SARIF locations are relative to the git work tree that holds the file (else the folder the ingest ran from), whatever
folder the ingest ran in, and never climb out of their folder with `..`."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from provgraph.api import Provgraph
from provgraph.graph.connection import Graph

ADR = """---
id: ADR-0001
subject: payments.archive
value: glacier
supersedes: [ADR-0999]
---
# 1. Archive the ledger in Glacier

## Status

Accepted
"""


def _uris(pg: Provgraph, out: Path) -> set[str]:
    pg.report(out, formats="sarif", baseline="locations", record=False)
    log = json.loads((out / "report.sarif").read_text(encoding="utf-8"))
    return {location["physicalLocation"]["artifactLocation"]["uri"]
            for result in log["runs"][0]["results"] for location in result.get("locations", [])}


def _repo(folder: Path, *, git: bool) -> Path:
    (folder / "docs" / "adr").mkdir(parents=True)
    (folder / "docs" / "adr" / "0001-x.md").write_text(ADR, encoding="utf-8")
    if git:
        subprocess.run(["git", "init", "-q", str(folder)], check=True)
    return folder


def test_a_repository_ingested_from_another_folder_is_placed_relative_to_its_work_tree(
        graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = _repo(tmp_path / "repo", git=True)
    elsewhere = tmp_path / "elsewhere" / "deeper"
    elsewhere.mkdir(parents=True)
    monkeypatch.chdir(elsewhere)
    pg = Provgraph(graph)
    pg.ingest_files(repo / "docs" / "adr", store="adr")
    assert _uris(pg, tmp_path / "out") == {"docs/adr/0001-x.md"}


def test_a_folder_outside_any_work_tree_and_the_working_directory_is_placed_without_dot_dot(
        graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _repo(tmp_path / "plain", git=False)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    pg = Provgraph(graph)
    pg.ingest_files(folder / "docs", store="adr")
    [uri] = _uris(pg, tmp_path / "out")
    assert uri == "adr/0001-x.md"  # relative to the folder ingested: no `..` back up to the working directory
