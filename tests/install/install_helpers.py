"""What the two install tests share: a PATH with no java, javac or mvn, a free port, a command timed, and a Maven
repository served on 127.0.0.1 from jars already on this machine."""
from __future__ import annotations

import shutil
import socket
import subprocess
import threading
import time
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator

from provgraph.graph.server.lock import Lock

TOOLS = ("bash", "sh", "env", "cat", "ls", "grep", "sed", "tail", "head", "mkdir", "rm", "tr", "printf", "dirname", "uname")
PORTS = range(7840, 7900)  # the install tests' servers (the suite's own runs on PROVGRAPH_TEST_PORT)


def bare_path(folder: Path) -> str:
    """A folder of the basic tools only (no java, javac or mvn), to put after a venv's bin on PATH."""
    folder.mkdir()
    for tool in TOOLS:
        found = shutil.which(tool)
        if found:
            (folder / tool).symlink_to(found)
    return str(folder)


def free_port() -> int:
    """A port whose HTTP twin (port + 10000) is free too."""
    for port in PORTS:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) != 0 and sock.connect_ex(("127.0.0.1", port + 10000)) != 0:
                return port
    raise RuntimeError(f"no free port in {PORTS.start}-{PORTS.stop - 1}")


def run(command: list[str], env: dict, timeout: float = 600) -> tuple[str, float]:
    """stdout and seconds taken; a non-zero exit fails the test with the end of stderr."""
    began = time.monotonic()
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{command[:3]} exited {done.returncode}: {done.stderr[-2000:]}"
    return done.stdout, time.monotonic() - began


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *_: object) -> None:
        pass


@contextmanager
def local_repository(lock: Lock, lib: Path, folder: Path) -> Iterator[str]:
    """The lock's jars from `lib`, laid out as a Maven repository under `folder` (links) and served over HTTP on
    127.0.0.1; yields its base URL."""
    for artifact in lock.artifacts:
        target = folder / artifact.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(lib / artifact.file)
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def maps_file(pid: int, path: Path) -> bool:
    """The process has `path` mapped into its memory (a class-data-sharing archive in use)."""
    return str(path) in Path(f"/proc/{pid}/maps").read_text()
