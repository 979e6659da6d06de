"""The committed jar lock and the shipped launcher classes follow their sources: the pom and the .java files.
After changing either, `python -m provgraph.graph.server.lock` regenerates both."""
from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from provgraph.graph.server import lock as jar_lock
from provgraph.graph.server import runtime

REGENERATE = "run `python -m provgraph.graph.server.lock`"


def _pom_dependencies() -> set[tuple[str, str, str]]:
    root = ElementTree.parse(jar_lock.POM).getroot()
    tag = {element: element.tag.split("}")[-1] for element in root.iter()}
    properties = {tag[e]: e.text or "" for p in root.iter() if tag[p] == "properties" for e in p}
    found = set()
    for dependency in (e for e in root.iter() if tag[e] == "dependency"):
        fields = {tag[e]: e.text or "" for e in dependency}
        version = re.sub(r"\$\{([^}]+)\}", lambda m: properties[m.group(1)], fields["version"])
        found.add((fields["groupId"], fields["artifactId"], version))
    return found


def test_the_lock_was_made_from_this_pom_and_holds_each_dependency_it_names_at_its_version() -> None:
    lock = jar_lock.read_lock()
    assert lock.pom_sha256 == jar_lock.sha256_of(jar_lock.POM), f"pom.xml changed since the lock was made: {REGENERATE}"
    locked = {(a.group, a.artifact, a.version) for a in lock.artifacts}
    missing = _pom_dependencies() - locked
    assert not missing, f"the lock lacks {sorted(missing)}: {REGENERATE}"
    assert lock.neo4j_version == runtime.NEO4J_VERSION
    assert len({a.file for a in lock.artifacts}) == len(lock.artifacts) and all(len(a.sha256) == 64 for a in lock.artifacts)


def test_the_shipped_launcher_classes_were_compiled_from_these_sources() -> None:
    recorded = jar_lock.recorded_sources()
    assert recorded["sha256"] == jar_lock.sources_digest(), f"Launcher.java or Guides.java changed: {REGENERATE}"
    assert (jar_lock.CLASSES / "Launcher.class").is_file()


def test_compiling_the_sources_again_gives_the_shipped_classes_byte_for_byte(tmp_path: Path) -> None:
    javac = shutil.which("javac")
    lib = runtime.runtime_dir() / "lib"
    if not javac or not lib.is_dir():
        pytest.skip("needs javac and the installed Neo4j jars")
    version = subprocess.run([javac, "-version"], capture_output=True, text=True).stdout.split()[-1]
    if version != jar_lock.recorded_sources()["javac"]:
        pytest.skip(f"the classes were compiled by javac {jar_lock.recorded_sources()['javac']}, this is {version}")
    subprocess.run([javac, "--release", "17", "-cp", f"{lib}/*", "-d", str(tmp_path),
                    *(str(jar_lock.PACKAGE_DIR / name) for name in jar_lock.JAVA_SOURCES)], check=True)
    built = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.class"))
    shipped = sorted(p.relative_to(jar_lock.CLASSES) for p in jar_lock.CLASSES.rglob("*.class"))
    assert built == shipped
    for name in built:
        assert (tmp_path / name).read_bytes() == (jar_lock.CLASSES / name).read_bytes(), name
