"""The local server's classpath: the launcher's shipped classes as a jar, then the lock's jars in the lock's order,
each jar that is signed or names others in its manifest's Class-Path replaced by a plain copy without either.

Why not `classes/:lib/*`: class-data sharing (cds.py) archives no class from a directory and needs the same classpath
at every start, while a wildcard follows the directory's order, which may change. Why plain copies: the JVM checks a
signed jar's signature and the digest of each class it reads from it at every start (eclipse-collections, 12 MB:
about a quarter of a start on this machine), and class-data sharing skips signed jars; and a Class-Path (jaxb-runtime
names six jars the lock holds anyway) makes the archive's recorded classpath differ from the one Java 21 compares it
with, so the archive went unused. A copy is made only from a jar already checked against the lock's SHA-256.
"""
from __future__ import annotations

import os
import re
import zipfile
from pathlib import Path

from provgraph.graph.server.lock import CLASSES, Lock, recorded_sources

PLAIN = "plain"  # the runtime's folder of plain copies
SIGNATURE = re.compile(r"META-INF/[^/]+\.(SF|RSA|DSA|EC)")
CLASS_PATH = re.compile(rb"^Class-Path:.*\n(?: .*\n)*", re.MULTILINE)  # the header and its continuation lines
MANIFEST = "META-INF/MANIFEST.MF"
JAR_LAYOUT = 2  # in the launcher jar's name: a jar of an earlier layout (no folder entries) is made again


def launcher_jar(runtime: Path) -> Path:
    """The launcher's shipped classes as a jar in the runtime folder (made once per version of the classes)."""
    jar = runtime / f"launcher-{recorded_sources()['sha256'][:12]}-{JAR_LAYOUT}.jar"
    if not jar.is_file():
        making = jar.with_name(f".{jar.name}.{os.getpid()}")
        classes = sorted(CLASSES.rglob("*.class"))
        folders = sorted({parent for path in classes for parent in path.relative_to(CLASSES).parents} - {Path(".")})
        with zipfile.ZipFile(making, "w") as archive:
            for folder in folders:  # Jersey finds the Browser guides' package by asking for its folder
                archive.writestr(folder.as_posix() + "/", b"")
            for path in classes:
                archive.write(path, path.relative_to(CLASSES).as_posix())
        making.rename(jar)
    return jar


def _plain_manifest(manifest: bytes, signed: bool) -> bytes:
    text = manifest.replace(b"\r\n", b"\n")
    if signed:  # the sections after the main one hold each entry's digest
        text = text.split(b"\n\n")[0] + b"\n\n"
    return CLASS_PATH.sub(b"", text)


def plain_copy(jar: Path, target: Path) -> bool:
    """Write `jar` without signature files, the manifest's per-entry digests and its Class-Path to `target`; False
    (nothing written) when `jar` has none of them."""
    with zipfile.ZipFile(jar) as source:
        entries = source.infolist()
        signed = any(SIGNATURE.fullmatch(entry.filename) for entry in entries)
        manifest = source.read(MANIFEST) if MANIFEST in source.namelist() else b""
        if not signed and not CLASS_PATH.search(manifest.replace(b"\r\n", b"\n")):
            return False
        making = target.with_name(f".{target.name}.{os.getpid()}")
        with zipfile.ZipFile(making, "w") as copy:
            for entry in entries:
                if not SIGNATURE.fullmatch(entry.filename):
                    data = source.read(entry)
                    copy.writestr(entry, _plain_manifest(data, signed) if entry.filename == MANIFEST else data)
    making.rename(target)
    return True


def _entries(runtime: Path, lock: Lock) -> list[str]:
    """The lock's jars below the runtime folder, in the lock's order, each as `lib/NAME` or `plain/NAME` (decided
    once per lock and kept in a file)."""
    made = runtime / PLAIN / f".classpath-{lock.digest}"
    if made.is_file():
        return made.read_text().split()
    (runtime / PLAIN).mkdir(exist_ok=True)
    entries = [f"{PLAIN}/{a.file}" if plain_copy(runtime / "lib" / a.file, runtime / PLAIN / a.file) else f"lib/{a.file}"
               for a in lock.artifacts]
    made.write_text("".join(f"{entry}\n" for entry in entries))
    return entries


def server_classpath(runtime: Path, lock: Lock) -> str:
    """The launcher jar, then the lock's jars (`_entries`)."""
    return ":".join([str(launcher_jar(runtime)), *(str(runtime / entry) for entry in _entries(runtime, lock))])


__all__ = ["launcher_jar", "plain_copy", "server_classpath"]
