"""The lock of the local Neo4j's jars, and the launcher's shipped classes: both made from sources with Maven and a JDK.

`neo4j.lock` lists every jar of the runtime classpath the pom names (directly and through its dependencies) by its
coordinates, file name, SHA-256 and size, and the pom's own SHA-256: `provgraph server start` fetches exactly these
files and checks each before use, so neither Maven nor a JDK is needed to run the server. The lock names no URL: where
the jars come from is the user's choice (`fetch.py`).

`classes/` holds Launcher.java and Guides.java compiled with `javac --release 17` (Java 17 and 21 run them), and
`classes/SOURCES` the SHA-256 of those sources and the javac that compiled them, so a test sees when they drift.

Regenerate both after changing the pom or a .java file: `python -m provgraph.graph.server.lock` (needs mvn and javac).
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from provgraph.base.errors import ServerError

PACKAGE_DIR = Path(__file__).resolve().parent
POM = PACKAGE_DIR / "pom.xml"
LOCK = PACKAGE_DIR / "neo4j.lock"
CLASSES = PACKAGE_DIR / "classes"
JAVA_SOURCES = ("Launcher.java", "Guides.java")


@dataclass(frozen=True)
class Artifact:
    group: str
    artifact: str
    version: str
    file: str  # artifactId-version[-classifier].jar: its name in a Maven repository and in lib/
    sha256: str
    size: int

    @property
    def path(self) -> str:
        """Where the file sits under a Maven repository's base URL (the standard layout)."""
        return f"{self.group.replace('.', '/')}/{self.artifact}/{self.version}/{self.file}"


@dataclass(frozen=True)
class Lock:
    neo4j_version: str
    pom_sha256: str
    artifacts: tuple[Artifact, ...]

    @property
    def total_size(self) -> int:
        return sum(artifact.size for artifact in self.artifacts)

    @property
    def digest(self) -> str:
        """What an installed classpath must match: changes with any jar of the lock."""
        return hashlib.sha256(lock_text(self).encode()).hexdigest()[:16]


def lock_text(lock: Lock) -> str:
    body = {"neo4j_version": lock.neo4j_version, "pom_sha256": lock.pom_sha256,
            "artifacts": [asdict(artifact) for artifact in lock.artifacts]}
    return json.dumps(body, indent=1) + "\n"


_BLOCK = 1 << 20  # bytes hashed at a time


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(_BLOCK), b""):
            digest.update(block)
    return digest.hexdigest()


def read_lock(path: Path = LOCK) -> Lock:
    try:
        body = json.loads(path.read_text())
        return Lock(body["neo4j_version"], body["pom_sha256"], tuple(Artifact(**item) for item in body["artifacts"]))
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ServerError(f"the jar lock {path} is unreadable ({error}): reinstall provgraph") from None


def sources_digest() -> str:
    digest = hashlib.sha256()
    for name in JAVA_SOURCES:
        digest.update((PACKAGE_DIR / name).read_bytes())
    return digest.hexdigest()


def recorded_sources() -> dict[str, str]:
    """classes/SOURCES as {"sha256": ..., "javac": ...}."""
    lines = (CLASSES / "SOURCES").read_text().splitlines()
    return dict(line.split(" ", 1) for line in lines if " " in line)


def _mvn_copy(pom: Path, out: Path, layout: bool) -> None:
    mvn = shutil.which("mvn")
    if not mvn:
        raise ServerError("`mvn` not found on PATH: Maven resolves the pom's dependencies")
    command = [mvn, "-B", "-q", "-f", str(pom), "dependency:copy-dependencies", "-DincludeScope=runtime",
               f"-DoutputDirectory={out}", f"-Dmdep.useRepositoryLayout={'true' if layout else 'false'}"]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        tail = (done.stdout + done.stderr).strip().splitlines()[-3:]
        raise ServerError("Maven could not resolve the pom's dependencies: " + " | ".join(tail))


def lock_from_pom(pom: Path = POM) -> tuple[Lock, Path]:
    """Resolve the pom with Maven into a temporary repository layout; the lock of what it holds, and that folder."""
    out = Path(tempfile.mkdtemp(prefix="provgraph-lock-"))
    _mvn_copy(pom, out, layout=True)
    artifacts = []
    for jar in sorted(out.rglob("*.jar")):
        version_dir = jar.parent
        parts = version_dir.relative_to(out).parts
        artifacts.append(Artifact(".".join(parts[:-2]), parts[-2], parts[-1], jar.name, sha256_of(jar), jar.stat().st_size))
    names = [artifact.file for artifact in artifacts]
    clashes = sorted({name for name in names if names.count(name) > 1})
    if clashes:
        raise ServerError(f"two jars share a file name in lib/: {', '.join(clashes)}")
    version = next(a.version for a in artifacts if (a.group, a.artifact) == ("org.neo4j", "neo4j"))
    return Lock(version, hashlib.sha256(pom.read_bytes()).hexdigest(), tuple(artifacts)), out


def compile_classes(lib: Path) -> str:
    """Compile the launcher into classes/ (swapped in whole); returns the javac version."""
    javac = shutil.which("javac")
    if not javac:
        raise ServerError("`javac` not found on PATH: a JDK compiles the launcher")
    building = Path(tempfile.mkdtemp(prefix="provgraph-classes-"))
    done = subprocess.run([javac, "--release", "17", "-cp", f"{lib}/*", "-d", str(building),
                           *(str(PACKAGE_DIR / name) for name in JAVA_SOURCES)], capture_output=True, text=True)
    if done.returncode != 0:
        raise ServerError("javac could not compile the launcher: " + (done.stderr.strip().splitlines() or ["?"])[-1])
    version = subprocess.run([javac, "-version"], capture_output=True, text=True).stdout.split()[-1]
    (building / "SOURCES").write_text(f"sha256 {sources_digest()}\njavac {version}\n")
    shutil.rmtree(CLASSES, ignore_errors=True)
    shutil.copytree(building, CLASSES)
    CLASSES.chmod(0o755)  # mkdtemp made it private
    shutil.rmtree(building, ignore_errors=True)
    return version


def main() -> int:
    try:
        lock, repository = lock_from_pom()
        LOCK.write_text(lock_text(lock))
        lib = Path(tempfile.mkdtemp(prefix="provgraph-lib-"))
        for jar in repository.rglob("*.jar"):
            shutil.copy(jar, lib / jar.name)
        javac = compile_classes(lib)
        shutil.rmtree(repository, ignore_errors=True)
        shutil.rmtree(lib, ignore_errors=True)
    except ServerError as error:
        print(f"provgraph: {error}", file=sys.stderr)
        return 1
    print(f"{LOCK.name}: {len(lock.artifacts)} jars, {lock.total_size / 1e6:.0f} MB (Neo4j {lock.neo4j_version}); "
          f"classes/ compiled by javac {javac}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["Artifact", "CLASSES", "JAVA_SOURCES", "LOCK", "Lock", "POM", "lock_from_pom", "read_lock",
           "recorded_sources", "sha256_of", "sources_digest"]
