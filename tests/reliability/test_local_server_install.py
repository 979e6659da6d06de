"""An existing install is reused only while it matches this provgraph: jars fetched for an older pom are
fetched again (once: the marker then holds this pom's hash), changed Java sources are compiled again."""
from __future__ import annotations

import shutil
from pathlib import Path

from provgraph.graph.server import runtime as server_runtime


def test_jars_fetched_for_another_pom_are_not_taken_for_this_one(tmp_path: Path) -> None:
    runtime = server_runtime.runtime_dir(tmp_path)
    runtime.mkdir(parents=True)
    assert not server_runtime.installed(tmp_path)
    (runtime / ".installed").write_text(server_runtime.NEO4J_VERSION + "\n")  # what provgraph wrote before the pom had a hash
    assert not server_runtime.installed(tmp_path)
    (runtime / ".installed").write_text(server_runtime._install_id())
    assert server_runtime.installed(tmp_path)
    assert (server_runtime.PACKAGE_DIR / "pom.xml").read_bytes() and "pom:" in server_runtime._install_id()


def test_changed_java_sources_count_as_a_stale_launcher(tmp_path: Path) -> None:
    runtime = tmp_path / "runtime"
    (runtime / "classes").mkdir(parents=True)
    (runtime / "classes" / "Launcher.class").write_bytes(b"compiled")
    (runtime / "src").mkdir()
    for name in server_runtime.JAVA_SOURCES:
        shutil.copy(server_runtime.PACKAGE_DIR / name, runtime / "src" / name)
    assert server_runtime._launcher_current(runtime)
    (runtime / "src" / "Guides.java").write_text("// an older guide server\n")
    assert not server_runtime._launcher_current(runtime)
