"""Where record files live in a forge: the remotes of the git work tree holding a record store's folder, so a URL
of a record's file there (`https://github.com/acme/payments/blob/main/docs/adr/0001-x.md#decision`) names it.

A remote is read as git keeps it, in ssh form (`git@github.com:acme/payments.git`, `ssh://git@host:2222/acme/payments`)
or https form (`https://github.com/acme/payments.git`). Its key is the host (lower case, without user or port) and
the repository's path (lower case, without `.git`): a URL of another host, owner or repository never matches one.
Every remote of the work tree counts (a fork's `origin` and its `upstream` are the same files).
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path, PurePosixPath
from typing import Container, Iterable, Mapping
from urllib.parse import unquote, urlsplit

_SCP = re.compile(r"^(?:[^@/\s]+@)?([^:/\s]{2,}):(?!//)(.+)$")  # user@host:path; a one-letter host is a Windows drive
VIEWS = frozenset({"blob", "tree", "raw", "blame", "src"})  # how forges show a file: /blob/REF/path, GitLab's /-/blob/


def remote_key(url: str) -> str | None:
    """`host/owner/repo` (lower case) of a remote URL in ssh or https form; None for a local path or a file:// one."""
    url = url.strip()
    if "://" in url:
        try:
            parts = urlsplit(url)
        except ValueError:
            return None
        if parts.scheme == "file" or not parts.hostname:
            return None
        host, path = parts.hostname, parts.path
    else:
        scp = _SCP.match(url)
        if scp is None:
            return None
        host, path = scp.group(1), scp.group(2)
    path = path.strip("/").removesuffix(".git").strip("/")
    return f"{host.lower()}/{path.lower()}" if path else None


def _git(folder: str, *arguments: str) -> str | None:
    try:
        done = subprocess.run(["git", "-C", folder, *arguments], capture_output=True, check=False)
    except OSError:
        return None
    return done.stdout.decode("utf-8", "surrogateescape") if done.returncode == 0 else None


def forges(folders: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Remote key -> the work trees (absolute '/'-paths, spelled as the store's folder is) of the folders given
    that lie in a git work tree with remotes; a folder that is gone or in no work tree gives none."""
    found: dict[str, list[str]] = {}
    for folder in sorted(set(folders)):
        spelled = PurePosixPath(folder.replace("\\", "/"))
        if not Path(folder).is_dir():
            spelled = spelled.parent
        prefix = _git(spelled.as_posix(), "rev-parse", "--show-prefix")
        if prefix is None:
            continue
        tree = spelled
        for _ in [part for part in prefix.strip().split("/") if part]:
            tree = tree.parent
        for line in (_git(tree.as_posix(), "config", "--get-regexp", r"^remote\..*\.url$") or "").splitlines():
            key = remote_key(line.partition(" ")[2])
            if key is not None and tree.as_posix() not in found.setdefault(key, []):
                found[key].append(tree.as_posix())
    return {key: tuple(trees) for key, trees in sorted(found.items())}


def forge_files(url: str, forges: Mapping[str, tuple[str, ...]], files: Container[str]) -> str | None:
    """The record file (one of `files`) a forge URL shows: host and repository one of `forges`, then a view
    (VIEWS), a ref (any branch, tag or commit; it may hold slashes) and the file's path in the work tree."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
    except ValueError:
        return None
    segments = [unquote(segment) for segment in parts.path.split("/") if segment]
    for cut in range(1, len(segments)):
        trees = forges.get(f"{host}/{'/'.join(segments[:cut]).lower()}")
        if not trees:
            continue
        rest = segments[cut + 1:] if segments[cut] == "-" else segments[cut:]
        if not rest or rest[0] not in VIEWS:
            continue
        for start in range(2, len(rest)):  # rest[1:start] is the ref: the shortest that names a record file wins
            for tree in trees:
                file = tree + "/" + "/".join(rest[start:])
                if file in files:
                    return file
    return None


__all__ = ["VIEWS", "forge_files", "forges", "remote_key"]
