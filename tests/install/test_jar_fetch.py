"""provgraph fetches the jars of its lock itself: from the repository the user names, each file checked against the
lock's SHA-256 and size, through the proxy the environment names, and only when they are not already there. A local
HTTP server on 127.0.0.1 plays the repository (and, in one test, the proxy)."""
from __future__ import annotations

import hashlib
import shutil
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator
from urllib.parse import urlsplit

import pytest

from provgraph.base.errors import ServerError
from provgraph.graph.server import fetch, runtime
from provgraph.graph.server.lock import Artifact, Lock

JARS = {"first-1.0.jar": b"the first jar" * 100, "second-2.0.jar": b"the second jar" * 200}


def _artifact(name: str, content: bytes) -> Artifact:
    artifact, version = name.removesuffix(".jar").split("-")
    return Artifact("org.example", artifact, version, name, hashlib.sha256(content).hexdigest(), len(content))


LOCK = Lock("5.26.31", "0" * 64, tuple(_artifact(name, content) for name, content in JARS.items()))


class Repository:
    """Serves `files` (repository path -> bytes) and records every path asked for."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files, self.asked = files, []  # type: dict[str, bytes], list[str]
        repository = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 -- http.server's name
                repository.asked.append(self.path)
                body = repository.files.get(urlsplit(self.path).path.removeprefix("/repo/"))
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Length", str(len(body or b"")))
                self.end_headers()
                self.wfile.write(body or b"")

            def log_message(self, *_: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/repo"


@pytest.fixture()
def repository(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Repository]:
    served = Repository({a.path: JARS[a.file] for a in LOCK.artifacts})
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # no ~/.m2/settings.xml
    monkeypatch.setenv(fetch.REPOSITORY_ENV, served.url)
    yield served
    served.server.shutdown()


def test_every_jar_of_the_lock_is_fetched_checked_and_swapped_in_whole(repository: Repository, tmp_path: Path) -> None:
    target = runtime.install(tmp_path, lock=LOCK)
    assert {p.name: p.read_bytes() for p in (target / "lib").iterdir()} == JARS
    assert runtime.installed(tmp_path, LOCK) and not (target / "lib.new").exists()


def test_a_jar_whose_checksum_differs_from_the_lock_is_refused_and_the_old_classpath_stays(repository: Repository,
                                                                                           tmp_path: Path) -> None:
    lib = runtime.runtime_dir(tmp_path) / "lib"
    lib.mkdir(parents=True)
    (lib / "old.jar").write_bytes(b"the classpath a running server uses")
    repository.files[LOCK.artifacts[1].path] = b"tampered" + JARS["second-2.0.jar"][8:]  # same size, other bytes
    with pytest.raises(ServerError, match="second-2.0.jar .* does not match the lock .* refused"):
        runtime.install(tmp_path, lock=LOCK)
    assert [p.name for p in lib.iterdir()] == ["old.jar"]
    assert not (lib.parent / "lib.new").exists() and not runtime.installed(tmp_path, LOCK)


def test_a_download_cut_short_never_becomes_the_classpath(repository: Repository, tmp_path: Path) -> None:
    repository.files[LOCK.artifacts[1].path] = JARS["second-2.0.jar"][:50]
    with pytest.raises(ServerError, match="does not match the lock"):
        runtime.install(tmp_path, lock=LOCK)
    assert not (runtime.runtime_dir(tmp_path) / "lib").exists() and not (runtime.runtime_dir(tmp_path) / "lib.new").exists()
    del repository.files[LOCK.artifacts[0].path]
    with pytest.raises(ServerError, match="could not fetch .*first-1.0.jar"):
        runtime.install(tmp_path, lock=LOCK)
    assert not (runtime.runtime_dir(tmp_path) / "lib").exists()


def test_the_proxy_the_environment_names_carries_the_downloads_unless_no_proxy_exempts_the_host(
        repository: Repository, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    proxy = Repository(dict(repository.files))
    monkeypatch.setenv(fetch.REPOSITORY_ENV, "http://repository.example.invalid/repo")  # reachable only through the proxy
    monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{proxy.server.server_address[1]}")
    runtime.install(tmp_path / "a", lock=LOCK)
    assert sorted(proxy.asked) == sorted(f"http://repository.example.invalid/repo/{a.path}" for a in LOCK.artifacts)
    monkeypatch.setenv(fetch.REPOSITORY_ENV, repository.url)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    runtime.install(tmp_path / "b", lock=LOCK)
    assert len(proxy.asked) == 2 and len(repository.asked) == 2
    proxy.server.shutdown()


def test_with_the_jars_present_nothing_reaches_out(repository: Repository, tmp_path: Path) -> None:
    runtime.install(tmp_path, lock=LOCK)
    asked = len(repository.asked)
    runtime.install(tmp_path, lock=LOCK)
    (runtime.runtime_dir(tmp_path) / runtime.MARKER).unlink()  # jars from an older provgraph: checked, not fetched
    runtime.install(tmp_path, lock=LOCK)
    assert len(repository.asked) == asked and runtime.installed(tmp_path, LOCK)


def test_a_newer_neo4j_is_fetched_beside_the_old_one_which_stays_usable(repository: Repository, tmp_path: Path) -> None:
    old = runtime.install(tmp_path, lock=LOCK)
    newer = runtime.runtime_dir(tmp_path).parent / "neo4j-5.26.99"
    assert newer != old and not newer.exists()  # runtime_dir is per version: a new version's folder is a new folder
    assert {p.name for p in (old / "lib").iterdir()} == set(JARS)


def test_the_repository_is_the_environments_else_the_mirror_in_maven_settings(repository: Repository,
                                                                            monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    settings = tmp_path / "home" / ".m2" / "settings.xml"
    settings.parent.mkdir(parents=True)
    settings.write_text('<settings xmlns="http://maven.apache.org/SETTINGS/1.0.0"><mirrors><mirror><id>m</id>'
                        '<url>https://mirror.example.invalid/maven2/</url><mirrorOf>*</mirrorOf></mirror></mirrors></settings>')
    assert fetch.repository() == repository.url
    monkeypatch.delenv(fetch.REPOSITORY_ENV)
    assert fetch.repository() == "https://mirror.example.invalid/maven2"


def _no_maven_on_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    bare = tmp_path / "bin"
    bare.mkdir()
    monkeypatch.setenv("PATH", str(bare))
    assert shutil.which("mvn") is None


def test_with_no_repository_chosen_and_no_maven_the_jars_come_from_the_public_repository_jgo_names(
        repository: Repository, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import jgo.constants

    monkeypatch.delenv(fetch.REPOSITORY_ENV)
    _no_maven_on_path(monkeypatch, tmp_path)
    monkeypatch.setattr(jgo.constants, "MAVEN_CENTRAL_URL", repository.url + "/")  # the public one, played locally
    target = runtime.install(tmp_path, lock=LOCK)
    assert {p.name for p in (target / "lib").iterdir()} == set(JARS)
    assert sorted(repository.asked) == sorted(f"/repo/{a.path}" for a in LOCK.artifacts)


def test_with_no_repository_no_maven_and_no_jgo_one_line_says_what_to_set(repository: Repository,
                                                                           monkeypatch: pytest.MonkeyPatch,
                                                                           tmp_path: Path) -> None:
    monkeypatch.delenv(fetch.REPOSITORY_ENV)
    _no_maven_on_path(monkeypatch, tmp_path)
    monkeypatch.setitem(sys.modules, "jgo.constants", None)  # as if jgo were not installed: its import fails
    with pytest.raises(ServerError) as raised:
        runtime.install(tmp_path, lock=LOCK)
    assert f"set {fetch.REPOSITORY_ENV}=<the base URL of Maven Central or your mirror>" in str(raised.value)
    assert "\n" not in str(raised.value) and not repository.asked
