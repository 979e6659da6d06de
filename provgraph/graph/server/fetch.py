"""The Neo4j jars of the lock, fetched into a folder and each checked against its SHA-256 before use.

Where from, in this order: the environment variable PROVGRAPH_MAVEN_REPOSITORY (the base URL of a Maven repository:
the public one or a mirror); a `<mirror>` or repository URL in ~/.m2/settings.xml; Maven itself when `mvn` is on
PATH (it knows its repositories; its jars are checked against the lock the same way); else the public Maven
repository, whose address jgo (a dependency) holds: provgraph's code and lock carry no repository address. Only
without jgo does one line say what to set.

Downloads go through urllib, which honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY. A file that does not match the lock
is refused, and the folder is the caller's to swap in only once every file matched.
"""
from __future__ import annotations

import os
import shutil
from concurrent.futures import ThreadPoolExecutor
import subprocess
import tempfile
import urllib.error
import urllib.request
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Callable

from provgraph.base.errors import ServerError
from provgraph.graph.server.lock import POM, Artifact, Lock, sha256_of

REPOSITORY_ENV = "PROVGRAPH_MAVEN_REPOSITORY"
TIMEOUT = 60  # seconds without a byte before a download is given up
PARALLEL = 6  # downloads at once: 214 files, most small, so the round trips and not the bandwidth set the time

Progress = Callable[[str], None]


def settings_repository(settings: Path | None = None) -> str | None:
    """The first mirror URL in a Maven settings.xml (default ~/.m2/settings.xml), else the first repository URL of its
    profiles."""
    settings = settings or Path.home() / ".m2" / "settings.xml"
    try:
        root = ElementTree.parse(settings).getroot()
    except (OSError, ElementTree.ParseError):
        return None
    strip = {element: element.tag.split("}")[-1] for element in root.iter()}
    for kind in ("mirror", "repository"):
        for element, tag in strip.items():
            if tag == kind:
                url = next((child.text for child in element if strip[child] == "url" and child.text), None)
                if url:
                    return url.strip()
    return None


def repository() -> str | None:
    """The repository base URL the user chose (environment, then ~/.m2/settings.xml); None: none chosen."""
    chosen = os.environ.get(REPOSITORY_ENV, "").strip() or settings_repository()
    return chosen.rstrip("/") if chosen else None


def public_repository() -> str | None:
    """The public Maven repository's base URL, as jgo knows it; None when jgo is not installed."""
    try:
        from jgo.constants import MAVEN_CENTRAL_URL  # imported here: 0.3 s, paid only by the one start that fetches
    except ImportError:
        return None
    return str(MAVEN_CENTRAL_URL).rstrip("/")


def no_source_message(lock: Lock) -> str:
    return (f"the local Neo4j needs its {len(lock.artifacts)} jars ({lock.total_size / 1e6:.0f} MB) once: set "
            f"{REPOSITORY_ENV}=<the base URL of Maven Central or your mirror>, put Maven (`mvn`) on PATH, or "
            f"install jgo, which knows the public repository (`pip install jgo`)")


def download(artifact: Artifact, base: str, folder: Path, opener: urllib.request.OpenerDirector | None = None) -> Path:
    """One jar into `folder`, written under a temporary name and renamed only once its size and SHA-256 match.
    The opener reads HTTPS_PROXY, HTTP_PROXY and NO_PROXY when built (urllib's shared one keeps what it first read)."""
    opener = opener or urllib.request.build_opener()
    url = f"{base}/{artifact.path}"
    target = folder / artifact.file
    partial = folder / f".{artifact.file}.part"
    try:
        with opener.open(url, timeout=TIMEOUT) as response, open(partial, "wb") as out:  # noqa: S310
            shutil.copyfileobj(response, out, 1 << 20)
    except (urllib.error.URLError, OSError) as error:
        partial.unlink(missing_ok=True)
        raise ServerError(f"could not fetch {url}: {getattr(error, 'reason', error)}") from None
    _check(artifact, partial, url)
    partial.rename(target)
    return target


def _check(artifact: Artifact, path: Path, source: str) -> None:
    size, digest = path.stat().st_size, sha256_of(path)
    if size != artifact.size or digest != artifact.sha256:
        path.unlink(missing_ok=True)
        raise ServerError(f"{artifact.file} from {source} does not match the lock (SHA-256 {digest[:12]}..., {size} bytes; "
                          f"expected {artifact.sha256[:12]}..., {artifact.size} bytes): refused")


def fetch_all(lock: Lock, folder: Path, progress: Progress) -> str:
    """Every jar of the lock into `folder` (which must be new), each checked. Returns where they came from."""
    folder.mkdir(parents=True)
    chosen = repository()
    if not chosen and shutil.which("mvn"):
        progress(f"fetching {len(lock.artifacts)} jars ({lock.total_size / 1e6:.0f} MB) with Maven ...")
        _with_maven(lock, folder)
        return "Maven"
    base = chosen or public_repository()
    if not base:
        raise ServerError(no_source_message(lock))
    progress(f"fetching {len(lock.artifacts)} jars ({lock.total_size / 1e6:.0f} MB) from {base} ...")
    opener = urllib.request.build_opener()
    pool = ThreadPoolExecutor(PARALLEL)
    try:
        for _ in pool.map(lambda artifact: download(artifact, base, folder, opener), lock.artifacts):
            pass  # the first failure is raised here; the caller removes the folder
    finally:
        pool.shutdown(wait=True, cancel_futures=True)  # after a failure, no further download starts
    return base


def _with_maven(lock: Lock, folder: Path) -> None:
    """Maven copies the pom's classpath; each jar the lock names must be there and match, and nothing else is kept."""
    copied = Path(tempfile.mkdtemp(prefix="provgraph-mvn-", dir=folder.parent))
    try:
        command = ["mvn", "-B", "-q", "-f", str(POM), "dependency:copy-dependencies", "-DincludeScope=runtime",
                   f"-DoutputDirectory={copied}"]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            tail = (done.stdout + done.stderr).strip().splitlines()[-3:]
            raise ServerError("Maven could not fetch the Neo4j jars: " + " | ".join(tail))
        for artifact in lock.artifacts:
            source = copied / artifact.file
            if not source.exists():
                raise ServerError(f"Maven did not fetch {artifact.file}, which the lock names: regenerate the lock "
                                  f"(python -m provgraph.graph.server.lock)")
            _check(artifact, source, "Maven")
            source.rename(folder / artifact.file)
    finally:
        shutil.rmtree(copied, ignore_errors=True)


__all__ = ["REPOSITORY_ENV", "download", "fetch_all", "no_source_message", "public_repository", "repository",
           "settings_repository"]
