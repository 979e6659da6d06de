"""What makes a second start fast: a fixed classpath (the launcher as a jar, the lock's jars in the lock's order, a
signed jar or one with a Class-Path as a plain copy) and a class-data-sharing archive built once from the classes a
first start loaded."""
from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

from provgraph.graph.server import cds
from provgraph.graph.server.classpath import launcher_jar, plain_copy, server_classpath
from provgraph.graph.server.lock import Artifact, Lock

MANIFEST = (b"Manifest-Version: 1.0\r\nCreated-By: test\r\n\r\n"
            b"Name: org/example/A.class\r\nSHA-256-Digest: AAAA\r\n\r\n")


def _jar(path: Path, signed: bool = False, manifest: bytes = b"Manifest-Version: 1.0\r\n\r\n") -> Artifact:
    with zipfile.ZipFile(path, "w") as jar:
        jar.writestr("META-INF/MANIFEST.MF", MANIFEST if signed else manifest)
        jar.writestr("org/example/A.class", b"\xca\xfe\xba\xbe class bytes")
        if signed:
            jar.writestr("META-INF/SIGNER.SF", b"signature file")
            jar.writestr("META-INF/SIGNER.RSA", b"signature block")
    content = path.read_bytes()
    return Artifact("org.example", path.stem, "1", path.name, hashlib.sha256(content).hexdigest(), len(content))


def _runtime(tmp_path: Path) -> tuple[Path, Lock]:
    lib = tmp_path / "neo4j-5.26.31" / "lib"
    lib.mkdir(parents=True)
    artifacts = (_jar(lib / "simple-1.jar"), _jar(lib / "signed-1.jar", signed=True),
                 _jar(lib / "naming-1.jar", manifest=b"Manifest-Version: 1.0\r\nClass-Path: simple-1.jar\r\n  other.jar\r\nX: y\r\n\r\n"))
    return lib.parent, Lock("5.26.31", "0" * 64, artifacts)


def test_a_signed_jar_or_one_naming_others_runs_from_a_plain_copy_and_any_other_from_lib(tmp_path: Path) -> None:
    runtime, lock = _runtime(tmp_path)
    entries = server_classpath(runtime, lock).split(":")
    assert entries == [str(launcher_jar(runtime)), str(runtime / "lib" / "simple-1.jar"), str(runtime / "plain" / "signed-1.jar"),
                       str(runtime / "plain" / "naming-1.jar")]
    with zipfile.ZipFile(entries[2]) as copy:
        assert sorted(copy.namelist()) == ["META-INF/MANIFEST.MF", "org/example/A.class"]
        assert copy.read("META-INF/MANIFEST.MF") == b"Manifest-Version: 1.0\nCreated-By: test\n\n"
        assert copy.read("org/example/A.class") == b"\xca\xfe\xba\xbe class bytes"
    with zipfile.ZipFile(entries[3]) as copy:
        assert copy.read("META-INF/MANIFEST.MF") == b"Manifest-Version: 1.0\nX: y\n\n"
    assert not plain_copy(runtime / "lib" / "simple-1.jar", tmp_path / "copy.jar") and not (tmp_path / "copy.jar").exists()


def test_the_launcher_jar_holds_the_shipped_launcher_classes_and_their_package_folders(tmp_path: Path) -> None:
    with zipfile.ZipFile(launcher_jar(tmp_path)) as jar:
        assert "Launcher.class" in jar.namelist() and "provgraph/browser/Guides.class" in jar.namelist()
        # without the folders, Jersey's package scan finds no Guides: the Browser guide answered 404
        assert {"provgraph/", "provgraph/browser/"} <= set(jar.namelist())


def test_a_first_start_records_its_classes_and_a_later_one_maps_the_archive(tmp_path: Path) -> None:
    archive = cds.archive_path(tmp_path, "/usr/bin/java", "17.0.15", "a.jar:b.jar", "lock1")
    assert cds.jvm_flags(archive, 7840) == [f"-XX:DumpLoadedClassList={archive.parent / archive.stem}.7840.classlist"]
    archive.write_bytes(b"archive")
    assert cds.jvm_flags(archive, 7840) == [f"-XX:SharedArchiveFile={archive}"]


def test_another_java_classpath_or_lock_names_another_archive(tmp_path: Path) -> None:
    names = {cds.archive_path(tmp_path, java, "17", classpath, lock).name
             for java, classpath, lock in [("/j", "a", "l"), ("/k", "a", "l"), ("/j", "b", "l"), ("/j", "a", "m")]}
    assert len(names) == 4


def test_the_class_list_given_to_the_dump_keeps_whole_lines_java_17_can_read() -> None:
    listed = "java/lang/Object\n@lambda-proxy " + "x" * 5000 + "\norg/example/A\norg/exam"
    assert cds.usable_lines(listed) == "java/lang/Object\norg/example/A\n"
