"""Renamed records shown where they live (issue 22): with --git the claim keeps its id, but status, lineage,
verify, report rows and exports carry the path of the time asked and the earlier paths. Real git, real Neo4j."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_helpers import run as cli
from git_repo import Repo

from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def adr(number: int, title: str, word: str, decision: str, preamble: str = "") -> str:
    return (f"# {number}. {title}\n\nDate: 2024-01-01\n\n## Status\n\n{word}\n\n## Context\n\n{preamble}Why.\n\n"
            f"## Decision\n\n{decision}\n")


@pytest.fixture
def renamed(tmp_path: Path) -> Repo:
    """adr-1.md -> adr-01.md (same folder), adr-2.md -> decisions/adr-02.md (another folder), a new decision
    taking the old number adr-1.md; adr-3.md renamed to adr-03.md, then edited (its decision moves down), then deleted."""
    repo = Repo(tmp_path / "repo")
    repo.write("adr/adr-1.md", adr(1, "Use queues", "Accepted", "Use RabbitMQ."))
    repo.write("adr/adr-2.md", adr(2, "Use postgres", "Accepted", "Use Postgres."))
    repo.write("adr/adr-3.md", adr(3, "Use redis", "Accepted", "Use Redis."))
    repo.commit("three decisions", "2024-01-01T00:00:00Z")
    repo.git("mv", "adr/adr-1.md", "adr/adr-01.md")
    (repo.root / "decisions").mkdir()
    repo.git("mv", "adr/adr-2.md", "decisions/adr-02.md")
    repo.git("mv", "adr/adr-3.md", "adr/adr-03.md")
    repo.commit("zero-padded numbers", "2024-02-01T00:00:00Z")
    repo.write("adr/adr-1.md", adr(1, "Sign cookies", "Accepted", "Sign every session cookie."))
    repo.commit("a new decision takes the number 1", "2024-03-01T00:00:00Z")
    repo.write("adr/adr-03.md", adr(3, "Use redis", "Accepted", "Use Redis.", preamble="More.\n\nAnd more.\n\n"))
    repo.commit("edit after the rename", "2024-04-01T00:00:00Z")
    (repo.root / "adr/adr-03.md").unlink()
    repo.commit("drop redis", "2024-05-01T00:00:00Z")
    return repo


def test_status_carries_the_current_path_and_earlier_paths_of_a_renamed_record(graph: Graph, renamed: Repo) -> None:
    ingest(graph, "files", renamed.root, fmt="git", store="x")
    rows = {row.claim: row for row in status(graph)}
    queues = rows["x:adr/adr-1.md"]  # the id it was first recorded under stays
    assert (queues.status, queues.path, queues.aliases) == ("ACTIVE", "adr/adr-01.md", ("adr/adr-1.md",))
    assert queues.location == "x:adr/adr-01.md"
    moved = rows["x:adr/adr-2.md"]
    assert (moved.path, moved.aliases, moved.location) == ("decisions/adr-02.md", ("adr/adr-2.md",), "x:decisions/adr-02.md")
    # the decision that took the old number lives at adr/adr-1.md and has no earlier path
    newcomer = next(row for uid, row in rows.items() if uid.startswith("x:adr/adr-1.md@"))
    assert (newcomer.path, newcomer.aliases, newcomer.status) == ("adr/adr-1.md", (), "ACTIVE")
    # renamed, edited, deleted: still STALE SOURCE_DELETED, cited where it last lived, at its lines there
    gone = rows["x:adr/adr-3.md"]
    assert (gone.status, gone.reason, gone.path, gone.aliases) == ("STALE", "SOURCE_DELETED", "adr/adr-03.md", ("adr/adr-3.md",))
    text = (renamed.git("show", "HEAD~1:adr/adr-03.md")).splitlines()
    assert gone.lines is not None and text[gone.lines[0] - 1] == "Use Redis."


def test_status_in_the_past_shows_the_path_the_record_had_then(graph: Graph, renamed: Repo) -> None:
    ingest(graph, "files", renamed.root, fmt="git", store="x")
    before = {row.claim: row for row in status(graph, at="2024-01-15T00:00:00Z")}
    assert (before["x:adr/adr-1.md"].path, before["x:adr/adr-1.md"].aliases) == ("adr/adr-1.md", ())
    assert before["x:adr/adr-3.md"].status == "ACTIVE" and before["x:adr/adr-3.md"].path == "adr/adr-3.md"
    between = status(graph, ["x:adr/adr-3.md"], at="2024-04-15T00:00:00Z")[0]
    assert (between.status, between.path, between.aliases) == ("ACTIVE", "adr/adr-03.md", ("adr/adr-3.md",))
    # the full computation (a question scope) gives the same path as the stored status
    scoped = status(graph, ["x:adr/adr-1.md"], scope="")[0]
    assert (scoped.path, scoped.aliases) == ("adr/adr-01.md", ("adr/adr-1.md",))


def test_cli_outputs_cite_the_current_file_of_a_renamed_record(graph: Graph, renamed: Repo) -> None:
    assert cli("ingest", "files", str(renamed.root), "--git", "--store", "x").exit_code == 0
    table = cli("status", "x:adr/adr-1.md").output
    assert "x:adr/adr-01.md@" in table and "x:adr/adr-1.md@" not in table
    row = json.loads(cli("status", "x:adr/adr-2.md", "--format", "json").output)[0]
    assert (row["claim"], row["path"], row["aliases"]) == ("x:adr/adr-2.md", "decisions/adr-02.md", ["adr/adr-2.md"])
    csv = cli("status", "x:adr/adr-2.md", "--format", "csv").output.splitlines()
    header = csv[0].split(",")
    assert csv[1].split(",")[header.index("path")] == "decisions/adr-02.md"
    tree = cli("lineage", "x:adr/adr-1.md").output
    assert "cited: x:adr/adr-01.md" in tree and "formerly: adr/adr-1.md" in tree
    verified = cli("verify", "--evidence", "x:adr/adr-1.md", "--format", "text").output
    assert "x:adr/adr-01.md@" in verified
    lineage_json = json.loads(cli("lineage", "x:adr/adr-1.md", "--format", "json").output)
    assert lineage_json["status"]["path"] == "adr/adr-01.md"


def test_report_and_prov_rows_carry_the_path(graph: Graph, renamed: Repo, tmp_path: Path) -> None:
    ingest(graph, "files", renamed.root, fmt="git", store="x")
    out = tmp_path / "report"
    assert cli("report", "--out", str(out)).exit_code in (0, 1)
    claims = (out / "claims.csv").read_text().splitlines()
    header = claims[0].split(",")
    row = next(line.split(",") for line in claims[1:] if line.startswith("x:adr/adr-2.md,"))
    assert row[header.index("path")] == "decisions/adr-02.md" and row[header.index("aliases")] == "adr/adr-2.md"
    assert row[header.index("cited")].startswith("x:decisions/adr-02.md@")
    prov = tmp_path / "prov.json"
    assert cli("export", "--format", "prov-json", "--out", str(prov)).exit_code == 0
    paths = {attributes.get("provgraph:path") for attributes in json.loads(prov.read_text())["entity"].values()}
    assert {"adr/adr-2.md", "decisions/adr-02.md"} <= paths
