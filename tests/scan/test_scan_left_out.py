"""`provgraph scan` never reads through a link and never opens a device or pipe (issue 55): in a plain folder and in
a git work tree (links committed), each entry left out is counted under its reason, and a citation that stands only in
a file outside the root is not found. Real Neo4j, real git, fixtures built in tmp_path."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from cli_helpers import run

from provgraph.api import Provgraph
from provgraph.base.cites import ScanCounts
from provgraph.ingest.scan import files_under

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
RECORD = "---\nid: ADR-0042\nstatus: accepted\n---\n# 42. Use Kafka\n"


@pytest.fixture
def pg(empty_pg: Provgraph, tmp_path: Path) -> Provgraph:
    """One record, ADR-0042, ingested into an empty graph; the working directory is tmp_path."""
    (tmp_path / "adr").mkdir()
    (tmp_path / "adr" / "0042-use-kafka.md").write_text(RECORD)
    empty_pg.ingest("files", tmp_path / "adr", store="adr")
    return empty_pg


def _tree(src: Path, outside: Path) -> None:
    """src/a.py cites ADR-0042; every other entry is a link or a pipe, one of them to a file outside that cites it too."""
    outside.mkdir()
    (outside / "secret.py").write_text("# per ADR-0042, from outside the root\n")
    src.mkdir(parents=True, exist_ok=True)
    (src / "a.py").write_text("# See ADR-0042\n")
    (src / "b.py").symlink_to(outside / "secret.py")
    (src / "zero.py").symlink_to("/dev/zero")
    (src / "gone.py").symlink_to("nowhere.py")
    (src / "c.py").symlink_to("a.py")


def test_a_folder_scan_reads_no_link_and_counts_each_entry_left_out(pg: Provgraph, tmp_path: Path) -> None:
    _tree(tmp_path / "src", tmp_path / "elsewhere")
    os.mkfifo(tmp_path / "src" / "queue")
    counts = ScanCounts()
    assert [p.name for p in files_under([tmp_path / "src"], counts)] == ["a.py"]  # no database, nothing opened
    result = run("scan", "src", "--format", "json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)["scan"]
    assert summary["skipped"] == {"dangling link": 1, "link inside the store's root": 1,
                                  "link out of the store's root": 2, "named pipe": 1}
    assert [(c.file, c.line) for c in pg.citations(governing=True)] == [("src/a.py", 1)]
    text = run("scan", "src")
    assert ("left out: 1 dangling link, 1 link inside the store's root, 2 link out of the store's root, 1 named pipe"
            in text.output)


@needs_git
def test_a_work_tree_scan_counts_the_committed_links_and_reads_none(pg: Provgraph, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    _tree(repo / "src", tmp_path / "elsewhere")
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "a@example.com",
           "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "a@example.com"}
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "links"]):
        subprocess.run(["git", *command], cwd=repo, env=env, check=True, capture_output=True)
    summary = pg.scan([repo])
    assert summary.counts.skipped == {"dangling link": 1, "link inside the store's root": 1,
                                      "link out of the store's root": 2}
    assert [(c.file, c.line) for c in pg.citations(governing=True)] == [("repo/src/a.py", 1)]


def test_a_changed_set_naming_a_link_or_a_pipe_reads_neither(pg: Provgraph, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    _tree(tmp_path / "work" / "src", tmp_path / "elsewhere")  # the root is the working directory, work/
    os.mkfifo(tmp_path / "work" / "src" / "queue")
    monkeypatch.chdir(tmp_path / "work")
    summary = pg.scan(files=["src/a.py", "src/b.py", "src/zero.py", "src/queue"])
    assert summary.counts.skipped == {"link out of the store's root": 2, "named pipe": 1}
    assert [(c.file, c.line) for c in pg.citations(governing=True)] == [("src/a.py", 1)]


@needs_git
def test_a_work_tree_scan_counts_the_named_pipes_git_never_lists(pg: Provgraph, tmp_path: Path) -> None:
    # git lists no named pipe, tracked or not: the scan finds them in the folders it reads and counts each, but not
    # one in a folder .gitignore leaves out (whose files are no part of the scan either)
    repo = tmp_path / "repo"
    _tree(repo / "src", tmp_path / "elsewhere")
    (repo / ".gitignore").write_text("build/\n")
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "a@example.com",
           "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "a@example.com"}
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "links"]):
        subprocess.run(["git", *command], cwd=repo, env=env, check=True, capture_output=True)
    os.mkfifo(repo / "src" / "queue")
    (repo / "build").mkdir()
    os.mkfifo(repo / "build" / "ignored-queue")
    (repo / "src" / "new.py").write_text("# untracked, per ADR-0042\n")
    summary = pg.scan([repo])
    assert summary.counts.skipped == {"dangling link": 1, "link inside the store's root": 1,
                                      "link out of the store's root": 2, "named pipe": 1}
    assert [(c.file, c.line) for c in pg.citations(governing=True)] == [("repo/src/a.py", 1), ("repo/src/new.py", 1)]
    text = run("scan", "repo")
    assert "1 named pipe" in text.output
