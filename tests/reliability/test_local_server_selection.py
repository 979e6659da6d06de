"""`server start|status|stop` select a server by its Bolt port and its data folder: another port never
reports or stops it, a data folder in use by another port's server is refused, and `--port N` alone
finds the folder its server uses. `start` says what it is doing on a terminal, and nothing when piped.
One server (HTTP off, small memory) in a PROVGRAPH_HOME of its own that links to the installed jars: it maps the suite's
class-data-sharing archive (a start as fast as the suite's, and no second archive built in the background that would
replace the suite's own)."""
from __future__ import annotations

import json
import os
import pty
import socket
import subprocess
from pathlib import Path
from typing import Iterator

import pytest
from reliability_helpers import PROVGRAPH

from provgraph.base.config import provgraph_home
from provgraph.graph.server import cds, local, runtime

SMALL = ["--heap", "512m", "--pagecache", "128m", "--tx-memory", "256m", "--timeout", "300", "--http-port", "0"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Path]:
    home = tmp_path / "home"
    home.mkdir()
    runtime.install()  # the suite's jars, shared: this test is about selection, not fetching
    (home / runtime.runtime_dir(home).name).symlink_to(runtime.runtime_dir(provgraph_home()))
    yield home
    for state_file in home.rglob(local.STATE_FILE):
        pid = json.loads(state_file.read_text()).get("pid")
        if pid and local._alive(pid):
            os.kill(pid, 9)


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "PROVGRAPH_"))}
    env["PROVGRAPH_HOME"] = str(home)
    return env


def _run(home: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([PROVGRAPH, "server", *args], env=_env(home), capture_output=True, text=True, timeout=400)


def _run_on_terminal(home: Path, *args: str) -> tuple[int, str, str]:
    """Run with stderr on a pseudo-terminal, as a user at a shell would."""
    primary, secondary = pty.openpty()
    process = subprocess.Popen([PROVGRAPH, "server", *args], env=_env(home), stdout=subprocess.PIPE, stderr=secondary,
                               stdin=subprocess.DEVNULL, text=True)
    os.close(secondary)
    said = b""
    while True:
        try:
            chunk = os.read(primary, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        said += chunk
    os.close(primary)
    out = process.stdout.read()
    return process.wait(timeout=400), out, said.decode(errors="replace")


@pytest.mark.long(65)
def test_servers_are_selected_by_port_and_data_folder_and_start_says_what_it_does(home: Path) -> None:
    port, other = _free_port(), _free_port()
    data = home / "mine"
    archives = list((runtime.runtime_dir(provgraph_home()) / cds.FOLDER).glob("*.jsa"))  # the suite's, if built yet

    code, out, said = _run_on_terminal(home, "start", "--port", str(port), "--data", str(data), *SMALL)
    assert code == 0, said
    assert out.strip() == f"bolt://127.0.0.1:{port}"
    assert "starting Neo4j" in said and f"waiting for Bolt on bolt://127.0.0.1:{port}" in said

    again = _run(home, "start", "--port", str(port), "--data", str(data), *SMALL)  # piped: idempotent and quiet
    assert again.returncode == 0 and again.stderr == "", again.stderr

    by_port = json.loads(_run(home, "status", "--port", str(port), "--json").stdout)  # no --data: found by its port
    assert by_port["running"] and by_port["data_dir"] == str(data) and by_port["port"] == port
    pid = by_port["pid"]
    if archives:  # the linked runtime is the suite's own: its archive is mapped, and no class list is recorded
        assert any(str(archive) in Path(f"/proc/{pid}/maps").read_text() for archive in archives)
        assert not list(archives[0].parent.glob(f"*.{port}.classlist"))

    elsewhere = json.loads(_run(home, "status", "--port", str(other), "--json").stdout)
    assert not elsewhere["running"] and elsewhere["data_dir"] != str(data)
    same_folder = _run(home, "status", "--port", str(other), "--data", str(data))
    assert same_folder.returncode == 0
    assert same_folder.stdout.startswith("stopped") and f"used by the server on port {port}" in same_folder.stdout

    for action in ("stop", "start"):
        refused = _run(home, action, "--port", str(other), "--data", str(data), *(SMALL if action == "start" else []))
        assert refused.returncode == 2, refused.stdout
        assert f"data folder {data} is used by the server on port {port}" in refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1
        assert local._alive(pid)

    not_here = _run(home, "stop", "--port", str(other))  # the default folder: nothing there to stop
    assert not_here.returncode == 0 and local._alive(pid)
    assert not_here.stdout.strip() == f"not running  (no server answers on port {other}: nothing to stop)"

    browse = subprocess.run([PROVGRAPH, "browse", "--port", str(port)], env=_env(home), capture_output=True, text=True,
                            timeout=120)
    assert browse.returncode == 2 and "without its HTTP connector" in browse.stderr

    # A newcomer's first run on this new server: no `provgraph init` before the first ingest and verify
    first_run = {**_env(home), "NEO4J_URI": f"bolt://127.0.0.1:{port}"}
    cards = Path(__file__).resolve().parents[2] / "examples" / "cards" / "board.jsonl"
    read_first = subprocess.run([PROVGRAPH, "status"], env=first_run, capture_output=True, text=True, timeout=120)
    assert read_first.returncode == 2 and "`provgraph init`" in read_first.stderr, read_first.stderr
    assert len(read_first.stderr.strip().splitlines()) == 1
    ingested = subprocess.run([PROVGRAPH, "ingest", "cards", str(cards)], env=first_run, capture_output=True, text=True,
                              timeout=900)  # a new small server on a busy machine: its first status pass is slow
    assert ingested.returncode in (0, 1), ingested.stderr
    verified = subprocess.run([PROVGRAPH, "verify", "--evidence", "m:01AAA0000000000000000000D2", "--candidates",
                               "m:01AAA0000000000000000000D1,m:01AAA0000000000000000000D2"], env=first_run,
                              capture_output=True, text=True, timeout=120)
    assert verified.returncode in (0, 1) and json.loads(verified.stdout)["verdict"], verified.stderr

    stopped = _run(home, "stop", "--port", str(port), "--json")
    assert stopped.returncode == 0 and json.loads(stopped.stdout)["running"] is False
    assert json.loads(stopped.stdout)["stopped"] is True
    assert json.loads(stopped.stdout)["data_dir"] == str(data)
    assert not local._alive(pid)
    after = _run(home, "status", "--port", str(port))  # stopped: still its own folder, not the default one
    assert after.returncode == 0 and after.stdout.strip() == f"stopped  (port {port}, data {data})", after.stdout


def test_stop_with_no_server_on_the_port_says_nothing_was_stopped(tmp_path: Path) -> None:
    """Never "stopped (port P, data ...)" for a port nobody listens on: a user would think a server was shut down."""
    port = str(_free_port())
    plain = _run(tmp_path, "stop", "--port", port)
    assert plain.returncode == 0 and plain.stderr == "", plain.stderr
    assert plain.stdout == f"not running  (no server answers on port {port}: nothing to stop)\n"
    as_json = json.loads(_run(tmp_path, "stop", "--port", port, "--json").stdout)
    assert as_json["running"] is False and as_json["stopped"] is False and as_json["port"] == int(port)


def test_browse_refuses_an_http_port_the_running_server_does_not_serve(neo4j_settings) -> None:  # type: ignore[no-untyped-def]
    port = neo4j_settings.uri.rsplit(":", 1)[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    served = subprocess.run([PROVGRAPH, "browse", "--port", port, "--json"], env=env, capture_output=True, text=True,
                            timeout=120)
    assert served.returncode == 0, served.stderr
    http_port = json.loads(served.stdout)["server"]["http_port"]
    other = str(_free_port())
    wrong = subprocess.run([PROVGRAPH, "browse", "--port", port, "--http-port", other], env=env, capture_output=True,
                           text=True, timeout=120)
    assert wrong.returncode == 2 and wrong.stdout == "", wrong.stdout
    assert wrong.stderr.strip() == (
        f"provgraph: the server on port {port} serves Neo4j Browser on HTTP port {http_port}, not {other}: run "
        f"`provgraph browse --port {port} --http-port {http_port}`, or stop the server "
        f"(`provgraph server stop --port {port}`) to move it")
