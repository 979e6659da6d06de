"""A newer provgraph opens a store an older Neo4j wrote (Neo4j upgrades it within 5.x, and from 5.26 to its calendar
versions); a store it cannot open is refused in one line saying what to do, before Java or a download starts. The
real server opening an older-marked store and marking it as its own is in test_wheel_install.py."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from provgraph.base.errors import ServerError
from provgraph.graph.server import store_version
from provgraph.graph.server.runtime import NEO4J_VERSION


def _store(tmp_path: Path, marker: str | None) -> Path:
    (tmp_path / "neo4j" / "data" / "databases").mkdir(parents=True)
    if marker is not None:
        (tmp_path / store_version.MARKER).write_text(f"{marker}\n")
    return tmp_path


@pytest.mark.parametrize(("stored", "ours"), [
    ("5.26.31", "5.26.31"), ("5.20.0", "5.26.31"), ("5.26.0", "2025.01.0"), ("2025.01.0", "2025.10.1")])
def test_a_store_of_an_earlier_neo4j_that_ours_can_upgrade_opens(tmp_path: Path, stored: str, ours: str) -> None:
    assert store_version.refusal(tmp_path, stored, ours) is None


@pytest.mark.parametrize(("stored", "ours", "says"), [
    ("5.27.0", "5.26.31", "newer than this provgraph's Neo4j 5.26.31, which cannot open it: upgrade provgraph"),
    ("2025.01.0", "5.26.31", "newer than this provgraph's Neo4j 5.26.31"),
    ("4.4.30", "5.26.31", "which Neo4j 5.26.31 cannot open: start it with the provgraph that wrote it"),
    ("5.20.0", "2025.01.0", "opens stores of Neo4j 5.26 and later only: start and stop it once with a provgraph whose Neo4j is 5.26"),
])
def test_a_store_ours_cannot_open_is_refused_in_one_line_saying_what_to_do(tmp_path: Path, stored: str, ours: str,
                                                                          says: str) -> None:
    reason = store_version.refusal(tmp_path, stored, ours)
    assert reason is not None and says in reason and "another --data and ingest again" in reason
    assert f"written by Neo4j {stored}" in reason and "\n" not in reason


def test_a_store_without_a_marker_was_written_by_the_neo4j_provgraph_shipped_before_it(tmp_path: Path) -> None:
    assert store_version.written_by(tmp_path) is None  # no store yet: nothing to check
    assert store_version.written_by(_store(tmp_path, None)) == "5.26.31"
    assert store_version.check(tmp_path, NEO4J_VERSION) is None


def test_an_older_store_is_announced_for_upgrade_and_marked_once_opened(tmp_path: Path) -> None:
    _store(tmp_path, "5.20.0")
    assert store_version.check(tmp_path, "5.26.31") == "5.20.0"
    store_version.record(tmp_path, "5.26.31")
    assert store_version.written_by(tmp_path) == "5.26.31" and store_version.check(tmp_path, "5.26.31") is None


def test_server_start_on_a_store_of_a_newer_neo4j_exits_2_with_one_line_and_starts_nothing(tmp_path: Path) -> None:
    data = _store(tmp_path / "data", "2025.01.0")
    home = tmp_path / "home"
    done = subprocess.run([str(Path(sys.executable).parent / "provgraph"), "server", "start", "--port", "7849", "--data", str(data)],
                          capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "PROVGRAPH_HOME": str(home), "HOME": str(tmp_path)})
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().count("\n") == 0 and "Traceback" not in done.stderr
    assert f"written by Neo4j 2025.01.0, newer than this provgraph's Neo4j {NEO4J_VERSION}" in done.stderr
    assert not home.exists() and not (data / "server.json").exists()  # no download, no Java


def test_a_version_that_is_not_one_is_refused_not_crashed_on() -> None:
    assert store_version.parse("2025.01.0-SNAPSHOT") == (2025, 1, 0)
    with pytest.raises(ServerError, match="not a Neo4j version"):
        store_version.parse("unknown")
