"""The local Neo4j server: embedded Community 5.26 with Bolt, from Maven Central jars.

`install()` fetches the runtime classpath once into PROVGRAPH_HOME (Maven does the
download; a marker file makes later runs skip it) and compiles the launcher.
`start()` is idempotent and waits until Bolt answers; `stop()` shuts down cleanly.
"""
from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import socket
import subprocess
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterator

from provgraph import cypher
from provgraph.config import DEFAULT_PORT, provgraph_home
from provgraph.errors import ServerError

NEO4J_VERSION = "5.26.31"
PACKAGE_DIR = Path(__file__).resolve().parent
JVM_FLAGS = (
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-XX:+UseG1GC",
    "-XX:+ExitOnOutOfMemoryError",
)
STATE_FILE = "server.json"
PASSWORD_ENV = "PROVGRAPH_SERVER_PASSWORD"  # the auth-enabled server's password for user neo4j


@dataclass(frozen=True)
class ServerOptions:
    port: int = DEFAULT_PORT
    heap: str = "2g"
    pagecache: str = "1g"
    tx_memory: str = "1g"
    data_dir: Path | None = None
    timeout: float = 180.0
    auth: bool = False  # authentication on; neo4j's password from `password` or PROVGRAPH_SERVER_PASSWORD
    password: str | None = field(default=None, repr=False)

    def server_password(self) -> str | None:
        if not self.auth:
            return None
        password = self.password or os.environ.get(PASSWORD_ENV)
        if not password:
            raise ServerError(f"--auth needs a password: set {PASSWORD_ENV} (8 characters or more)")
        if len(password) < 8:
            raise ServerError("the server password must have 8 characters or more")
        return password


@dataclass(frozen=True)
class ServerState:
    running: bool
    pid: int | None
    uri: str
    version: str
    data_dir: str
    log: str

    def to_dict(self) -> dict:
        return asdict(self)


def _bytes(size: str) -> int:
    units = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
    text = size.strip().lower().rstrip("b")
    try:
        if text and text[-1] in units:
            return int(float(text[:-1]) * units[text[-1]])
        return int(text)
    except ValueError:
        raise ServerError(f"not a memory size: {size!r} (use e.g. 512m or 2g)") from None


def runtime_dir(home: Path | None = None) -> Path:
    return (home or provgraph_home()) / f"neo4j-{NEO4J_VERSION}"


def data_dir(options: ServerOptions) -> Path:
    return options.data_dir or provgraph_home() / "data"


def _require(tool: str, what: str) -> str:
    path = shutil.which(tool)
    if not path:
        raise ServerError(f"`{tool}` not found on PATH: the local Neo4j needs {what}")
    return path


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def install(home: Path | None = None, quiet: bool = True) -> Path:
    """Fetch the Neo4j jars (once) and compile the launcher. Returns the runtime directory."""
    target = runtime_dir(home)
    marker = target / ".installed"
    with _locked(target.parent / ".install.lock"):
        if marker.exists():
            if _launcher_current(target):
                return target
            _compile_launcher(target)  # a newer provgraph ships a changed launcher: jars stay, classes change
            return target
        java = _require("java", "Java 17 or newer (e.g. `apt-get install openjdk-17-jdk-headless`)")
        mvn = _require("mvn", "Maven to fetch the Neo4j jars once (e.g. `apt-get install maven`)")
        javac = _require("javac", "a JDK (javac), not only a JRE")
        del java
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy(PACKAGE_DIR / "pom.xml", target / "pom.xml")
        lib = target / "lib"
        command = [
            mvn, "-B", "-q", "-f", str(target / "pom.xml"),
            f"-Dneo4j.version={NEO4J_VERSION}",
            "dependency:copy-dependencies", "-DincludeScope=runtime", f"-DoutputDirectory={lib}",
        ]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            tail = (done.stdout + done.stderr).strip().splitlines()[-3:]
            raise ServerError("Maven could not fetch the Neo4j jars: " + " | ".join(tail))
        del javac
        _compile_launcher(target)
        marker.write_text(NEO4J_VERSION + "\n")
    return target


def _launcher_current(target: Path) -> bool:
    installed = target / "Launcher.java"
    compiled = target / "classes" / "Launcher.class"
    try:
        return compiled.exists() and installed.read_bytes() == (PACKAGE_DIR / "Launcher.java").read_bytes()
    except OSError:
        return False


def _compile_launcher(target: Path) -> None:
    """Compile the packaged launcher into a fresh folder, then swap it in (a failed compile changes nothing)."""
    javac = _require("javac", "a JDK (javac), not only a JRE")
    source = target / "Launcher.java.new"
    shutil.copy(PACKAGE_DIR / "Launcher.java", source)
    building = target / "classes.new"
    shutil.rmtree(building, ignore_errors=True)
    building.mkdir()
    compiled_source = building / "src" / "Launcher.java"
    compiled_source.parent.mkdir()
    shutil.copy(source, compiled_source)
    done = subprocess.run(
        [javac, "-cp", f"{target / 'lib'}/*", "-d", str(building), str(compiled_source)],
        capture_output=True, text=True,
    )
    shutil.rmtree(building / "src", ignore_errors=True)
    if done.returncode != 0:
        shutil.rmtree(building, ignore_errors=True)
        source.unlink(missing_ok=True)
        raise ServerError("javac could not compile the launcher: " + (done.stderr.strip().splitlines() or ["?"])[-1])
    classes = target / "classes"
    old = target / "classes.old"
    shutil.rmtree(old, ignore_errors=True)
    if classes.exists():
        classes.rename(old)
    building.rename(classes)
    shutil.rmtree(old, ignore_errors=True)
    source.replace(target / "Launcher.java")


def _read_state(directory: Path) -> dict | None:
    try:
        return json.loads((directory / STATE_FILE).read_text())
    except (OSError, ValueError):
        return None


def _alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        status = Path(f"/proc/{pid}/status").read_text()
        return "State:\tZ" not in status
    except OSError:
        return True


def _port_open(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def _bolt_answers(uri: str, password: str | None = None) -> bool:
    """True once a query runs. With a password, only a query run as neo4j counts (the launcher sets the
    password after Bolt opens); without one, a server that refuses us for want of credentials is up."""
    from neo4j import GraphDatabase
    from neo4j.exceptions import AuthError, Neo4jError, DriverError

    try:
        auth = ("neo4j", password) if password else None
        with GraphDatabase.driver(uri, auth=auth, connection_timeout=2.0) as driver:
            with driver.session() as session:  # a plain session: no retry loop, no retry logging
                session.run(cypher.load("ping").text).consume()
        return True
    except AuthError:
        return password is None
    except (Neo4jError, DriverError, OSError):
        return False


def status(options: ServerOptions | None = None) -> ServerState:
    options = options or ServerOptions()
    directory = data_dir(options)
    state = _read_state(directory) or {}
    pid = state.get("pid")
    running = _alive(pid)
    return ServerState(
        running=running,
        pid=pid if running else None,
        uri=state.get("uri", f"bolt://127.0.0.1:{options.port}"),
        version=state.get("version", NEO4J_VERSION),
        data_dir=str(directory),
        log=str(directory / "server.log"),
    )


def start(options: ServerOptions | None = None) -> ServerState:
    """Start the server unless it already runs; return once Bolt answers a query."""
    options = options or ServerOptions()
    directory = data_dir(options)
    directory.mkdir(parents=True, exist_ok=True)
    password = options.server_password()
    with _locked(directory / ".start.lock"):
        current = status(options)
        if current.running:
            if _bolt_answers(current.uri, password):
                return current
            return _wait_ready(current.pid, current.uri, directory / "server.log", options.timeout, None, password)
        runtime = install()
        if _port_open(options.port):
            raise ServerError(f"port {options.port} is already in use by another process; pick another with --port")
        java = _require("java", "Java 17 or newer")
        uri = f"bolt://127.0.0.1:{options.port}"
        log_path = directory / "server.log"
        command = [
            java, f"-Xms{options.heap}", f"-Xmx{options.heap}", *JVM_FLAGS,
            "-cp", f"{runtime / 'classes'}:{runtime / 'lib'}/*", "Launcher",
            str(directory / "neo4j"), str(options.port),
            str(_bytes(options.pagecache)), str(_bytes(options.tx_memory)),
            *(["auth"] if options.auth else []),
        ]
        environment = {k: v for k, v in os.environ.items() if k != PASSWORD_ENV}
        if password:
            environment[PASSWORD_ENV] = password  # the environment, not argv: `ps` shows argv to everyone
        with open(log_path, "ab") as log:
            log.write(f"--- provgraph server start {time.strftime('%Y-%m-%dT%H:%M:%S')}\n".encode())
            log.flush()
            process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                start_new_session=True, cwd=directory, env=environment,
            )
        state = {"pid": process.pid, "uri": uri, "port": options.port, "version": NEO4J_VERSION, "auth": options.auth}
        (directory / STATE_FILE).write_text(json.dumps(state))
        return _wait_ready(process.pid, uri, log_path, options.timeout, process, password)


def _wait_ready(pid: int | None, uri: str, log_path: Path, timeout: float, process: subprocess.Popen | None,
                password: str | None = None) -> ServerState:
    deadline = time.monotonic() + timeout
    delay = 0.2
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            tail = log_path.read_text(errors="replace").strip().splitlines()[-3:]
            raise ServerError(f"Neo4j exited with code {process.returncode} while starting: " + " | ".join(tail))
        if process is None and not _alive(pid):
            raise ServerError(f"Neo4j (pid {pid}) exited while starting; see {log_path}")
        if _bolt_answers(uri, password):
            directory = log_path.parent
            return ServerState(True, pid, uri, NEO4J_VERSION, str(directory), str(log_path))
        time.sleep(delay)
        delay = min(delay * 1.5, 2.0)
    raise ServerError(f"Neo4j did not answer on {uri} within {timeout:.0f}s; see {log_path}")


def stop(options: ServerOptions | None = None, timeout: float = 90.0) -> ServerState:
    """Ask the server to shut down (SIGTERM runs Neo4j's clean shutdown) and wait for it."""
    options = options or ServerOptions()
    current = status(options)
    if current.running and current.pid:
        os.kill(current.pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while _alive(current.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        if _alive(current.pid):
            os.kill(current.pid, signal.SIGKILL)
            raise ServerError(f"Neo4j (pid {current.pid}) ignored shutdown for {timeout:.0f}s and was killed")
    return status(options)
