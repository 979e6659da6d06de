"""The local server's classpath: the launcher's shipped classes as a jar, then the lock's jars in the lock's order,
a signed jar replaced by a copy without its signature.

Why not `classes/:lib/*`: class-data sharing (cds.py) archives no class from a directory and needs the same classpath
at every start, while a wildcard follows the directory's order, which may change. Why unsigned copies: the JVM checks
a signed jar's signature and the digest of each class it reads from it at every start (eclipse-collections, 12 MB:
about a quarter of a start on this machine, bench/HISTORY.md), and class-data sharing skips signed jars. The copy is
made only from a jar already checked against the lock's SHA-256, which is the check that matters here.
"""
from __future__ import annotations

import os
import re
import zipfile
from pathlib import Path

from provgraph.graph.server.lock import CLASSES, Lock, recorded_sources

UNSIGNED = "unsigned"  # the runtime's folder of unsigned copies
SIGNATURE = re.compile(r"META-INF/[^/]+\.(SF|RSA|DSA|EC)")


def launcher_jar(runtime: Path) -> Path:
    """The launcher's shipped classes as a jar in the runtime folder (made once per version of the classes)."""
    jar = runtime / f"launcher-{recorded_sources()['sha256'][:12]}.jar"
    if not jar.is_file():
        making = jar.with_name(f".{jar.name}.{os.getpid()}")
        with zipfile.ZipFile(making, "w") as archive:
            for path in sorted(CLASSES.rglob("*.class")):
                archive.write(path, path.relative_to(CLASSES).as_posix())
        making.rename(jar)
    return jar


def unsigned_copy(jar: Path, target: Path) -> bool:
    """Write `jar` without its signature files and the manifest's per-entry digests to `target`; False (nothing
    written) when `jar` is not signed."""
    with zipfile.ZipFile(jar) as source:
        entries = source.infolist()
        if not any(SIGNATURE.fullmatch(entry.filename) for entry in entries):
            return False
        making = target.with_name(f".{target.name}.{os.getpid()}")
        with zipfile.ZipFile(making, "w") as copy:
            for entry in entries:
                if SIGNATURE.fullmatch(entry.filename):
                    continue
                data = source.read(entry)
                if entry.filename == "META-INF/MANIFEST.MF":  # its main section; the sections after name digests
                    data = data.replace(b"\r\n", b"\n").split(b"\n\n")[0] + b"\n\n"
                copy.writestr(entry, data)
    making.rename(target)
    return True


def _unsigned_copies(runtime: Path, lock: Lock) -> set[str]:
    """The lock's signed jars, each with its unsigned copy in runtime/unsigned (made once per lock)."""
    folder = runtime / UNSIGNED
    made = folder / f".made-{lock.digest}"
    if made.is_file():
        return set(made.read_text().split())
    folder.mkdir(exist_ok=True)
    signed = {a.file for a in lock.artifacts if unsigned_copy(runtime / "lib" / a.file, folder / a.file)}
    made.write_text("".join(f"{name}\n" for name in sorted(signed)))
    return signed


def server_classpath(runtime: Path, lock: Lock) -> str:
    """The launcher jar, then the lock's jars in the lock's order (a signed one as its unsigned copy)."""
    signed = _unsigned_copies(runtime, lock)
    jars = [runtime / (UNSIGNED if a.file in signed else "lib") / a.file for a in lock.artifacts]
    return ":".join(str(jar) for jar in [launcher_jar(runtime), *jars])


__all__ = ["launcher_jar", "server_classpath", "unsigned_copy"]
