"""The local server's runtime: the Neo4j jars of the lock fetched once (each checked) and the launcher's shipped classes."""
from __future__ import annotations

import fcntl
import shutil
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from provgraph.base.config import provgraph_home
from provgraph.base.errors import ServerError
from provgraph.graph.server.fetch import fetch_all
from provgraph.graph.server.lock import Lock, read_lock, sha256_of

NEO4J_VERSION = "5.26.31"  # the lock's; a test pins that they agree
PACKAGE_DIR = Path(__file__).resolve().parent

Progress = Callable[[str], None]


def quiet(_: str) -> None:
    pass


def runtime_dir(home: Path | None = None) -> Path:
    """One folder per Neo4j version: a newer one is fetched beside the old, which a running server keeps using."""
    return (home or provgraph_home()) / f"neo4j-{NEO4J_VERSION}"


def require(tool: str, what: str) -> str:
    path = shutil.which(tool)
    if not path:
        raise ServerError(f"`{tool}` not found on PATH: the local Neo4j needs {what}")
    return path


@contextmanager
def locked(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


MARKER = ".verified"  # holds _install_id() once lib/ holds exactly the lock's jars, each checked


def _install_id(lock: Lock | None = None) -> str:
    """What the installed jars must match: the Neo4j version and the lock that listed them."""
    lock = lock or read_lock()
    return f"{lock.neo4j_version} lock:{lock.digest}\n"


def installed(home: Path | None = None, lock: Lock | None = None) -> bool:
    try:
        return (runtime_dir(home) / MARKER).read_text() == _install_id(lock)
    except OSError:
        return False


def _lib_matches(lib: Path, lock: Lock) -> bool:
    """lib/ (from an older provgraph, or Maven) already holds every jar of the lock: check them instead of fetching."""
    try:
        return all((lib / a.file).stat().st_size == a.size and sha256_of(lib / a.file) == a.sha256 for a in lock.artifacts)
    except OSError:
        return False


def install(home: Path | None = None, progress: Progress = quiet, lock: Lock | None = None) -> Path:
    """Fetch the lock's jars once (per lock) into a new folder and swap it in whole. Returns the runtime directory.
    With the jars present (the marker matches) nothing is fetched and nothing reaches the network."""
    lock = lock or read_lock()
    target = runtime_dir(home)
    with locked(target.parent / ".install.lock"):
        if installed(home, lock):
            return target
        if _lib_matches(target / "lib", lock):
            (target / MARKER).write_text(_install_id(lock))
            return target
        fetching = target / "lib.new"
        shutil.rmtree(fetching, ignore_errors=True)
        target.mkdir(parents=True, exist_ok=True)
        progress(f"the Neo4j {lock.neo4j_version} jars go into {target / 'lib'} (once)")
        try:
            fetch_all(lock, fetching, progress)
        except BaseException:
            shutil.rmtree(fetching, ignore_errors=True)  # a partial download never becomes the classpath
            raise
        # Swap the whole classpath at once: a server started from the old one keeps its open jars.
        lib, old = target / "lib", target / "lib.old"
        shutil.rmtree(old, ignore_errors=True)
        if lib.exists():
            lib.rename(old)
        fetching.rename(lib)
        shutil.rmtree(old, ignore_errors=True)
        (target / MARKER).write_text(_install_id(lock))
    return target


__all__ = ["NEO4J_VERSION", "PACKAGE_DIR", "Progress", "install", "installed", "locked", "quiet", "require",
           "runtime_dir"]
