"""The local server's runtime: the Neo4j jars fetched once with Maven (per pom) and the Java launcher compiled."""
from __future__ import annotations

import fcntl
import hashlib
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from provgraph.base.config import provgraph_home
from provgraph.base.errors import ServerError

NEO4J_VERSION = "5.26.31"
PACKAGE_DIR = Path(__file__).resolve().parent
JAVA_SOURCES = ("Launcher.java", "Guides.java")

Progress = Callable[[str], None]


def quiet(_: str) -> None:
    pass


def runtime_dir(home: Path | None = None) -> Path:
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


def _install_id() -> str:
    """What the installed jars must match: the Neo4j version and the pom that listed them."""
    digest = hashlib.sha256((PACKAGE_DIR / "pom.xml").read_bytes()).hexdigest()[:16]
    return f"{NEO4J_VERSION} pom:{digest}\n"


def installed(home: Path | None = None) -> bool:
    try:
        return (runtime_dir(home) / ".installed").read_text() == _install_id()
    except OSError:
        return False


def install(home: Path | None = None, quiet: bool = True, progress: Progress = quiet) -> Path:
    """Fetch the Neo4j jars (once per pom) and compile the launcher. Returns the runtime directory."""
    target = runtime_dir(home)
    marker = target / ".installed"
    with locked(target.parent / ".install.lock"):
        if installed(home):
            if not _launcher_current(target):
                progress("compiling the launcher ...")
                _compile_launcher(target)  # a newer provgraph ships a changed launcher: jars stay, classes change
            return target
        require("java", "Java 17 or newer (e.g. `apt-get install openjdk-17-jdk-headless`)")
        mvn = require("mvn", "Maven to fetch the Neo4j jars once (e.g. `apt-get install maven`)")
        require("javac", "a JDK (javac), not only a JRE")
        progress(f"fetching Neo4j {NEO4J_VERSION} and Neo4j Browser jars with Maven into {target} (once) ...")
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy(PACKAGE_DIR / "pom.xml", target / "pom.xml")
        fetching = target / "lib.new"
        shutil.rmtree(fetching, ignore_errors=True)
        command = [
            mvn, "-B", "-q", "-f", str(target / "pom.xml"),
            f"-Dneo4j.version={NEO4J_VERSION}",
            "dependency:copy-dependencies", "-DincludeScope=runtime", f"-DoutputDirectory={fetching}",
        ]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            shutil.rmtree(fetching, ignore_errors=True)
            tail = (done.stdout + done.stderr).strip().splitlines()[-3:]
            raise ServerError("Maven could not fetch the Neo4j jars: " + " | ".join(tail))
        # Swap the whole classpath at once: a server started from the old one keeps its open jars.
        lib, old = target / "lib", target / "lib.old"
        shutil.rmtree(old, ignore_errors=True)
        if lib.exists():
            lib.rename(old)
        fetching.rename(lib)
        shutil.rmtree(old, ignore_errors=True)
        progress("compiling the launcher ...")
        _compile_launcher(target)
        marker.write_text(_install_id())
    return target


def _launcher_current(target: Path) -> bool:
    try:
        return (target / "classes" / "Launcher.class").exists() and all(
            (target / "src" / name).read_bytes() == (PACKAGE_DIR / name).read_bytes() for name in JAVA_SOURCES)
    except OSError:
        return False


def _compile_launcher(target: Path) -> None:
    """Compile the packaged Java sources into a fresh folder, then swap it in (a failed compile changes nothing)."""
    javac = require("javac", "a JDK (javac), not only a JRE")
    building = target / "classes.new"
    shutil.rmtree(building, ignore_errors=True)
    sources = target / "src.new"
    shutil.rmtree(sources, ignore_errors=True)
    sources.mkdir(parents=True)
    for name in JAVA_SOURCES:
        shutil.copy(PACKAGE_DIR / name, sources / name)
    building.mkdir()
    done = subprocess.run(
        [javac, "-cp", f"{target / 'lib'}/*", "-d", str(building), *(str(sources / name) for name in JAVA_SOURCES)],
        capture_output=True, text=True,
    )
    if done.returncode != 0:
        shutil.rmtree(building, ignore_errors=True)
        shutil.rmtree(sources, ignore_errors=True)
        raise ServerError("javac could not compile the launcher: " + (done.stderr.strip().splitlines() or ["?"])[-1])
    for final, new in (("classes", building), ("src", sources)):
        current, old = target / final, target / f"{final}.old"
        shutil.rmtree(old, ignore_errors=True)
        if current.exists():
            current.rename(old)
        new.rename(current)
        shutil.rmtree(old, ignore_errors=True)
    (target / "Launcher.java").unlink(missing_ok=True)  # where an older provgraph kept its copy


__all__ = ["NEO4J_VERSION", "PACKAGE_DIR", "Progress", "install", "installed", "locked", "quiet", "require", "runtime_dir"]
