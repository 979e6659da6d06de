"""What git says of a store's history, for the `--git` ingester (provgraph/ingest/git.py): the one `git log` of every
change to the files under a path (`git_history`, parsed by `parse_log` into `Change`s) and the one `git cat-file --batch`
of the blobs they name (`read_blobs`), run with the settings a user's config could use to change what git prints
turned off. A git that fails or is missing is an InputError naming the path."""
from __future__ import annotations

import subprocess
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

from provgraph.base.errors import InputError
from provgraph.base.times import parse_time

_NULL_BLOB = "0" * 40
_REGULAR_MODES = ("100644", "100755")
LINK_MODE, SUBMODULE_MODE = "120000", "160000"
_COMMIT_MARK = "\x01"
# Settings a user's config could use to change what `git log` prints.
_GIT_CONFIG = ("-c", "log.showSignature=false", "-c", "log.follow=false", "-c", "core.quotePath=false")


@dataclass(frozen=True)
class Change:
    """One record file's change in one commit, as `git log --raw` reports it, its path relative to the store root."""

    commit: str
    committed_at: datetime
    relpath: str  # relative to the store root
    status: str  # A, M, D, T, R (renamed), C (copied)
    blob: str | None  # None: the file is gone (deleted, renamed away, no longer a regular file)
    former: str | None = None  # R: the path it was renamed from, relative to the store root
    author: str | None = None  # "Name <email>"
    authored_at: datetime | None = None
    committer: str | None = None
    old_blob: str | None = None  # D: the blob the file held before it went
    sidecar_blob: str | None = None  # the blob of the record's sidecar at this commit, if it has one


def git_history(top_level: Path, pathspec: str, path: Path) -> bytes:
    """`git log` of every change under `pathspec` (relative to the repository's top level), oldest first, first parent
    only, renames found, in the form `parse_log` reads."""
    return git_bytes(top_level, "log", "--reverse", "--first-parent", "--find-renames", "--raw", "--no-abbrev", "-z",
                     "--no-color", f"--format={_COMMIT_MARK}%H%x00%cI%x00%an <%ae>%x00%aI%x00%cn <%ce>", "--", pathspec,
                     path=path, literal=True)


def parse_log(output: bytes, prefix: str, unread: dict[str, tuple[str, str]]) -> Iterator[Change]:
    """Changes from `git log --raw -z --format=<mark>%H%x00%cI%x00<author>%x00%aI%x00<committer>`, paths made
    relative to `prefix`; `unread` gains each path whose last version is a link or a submodule, with its mode and blob.

    With -z every field ends in NUL: `<mark>hash`, `date`, author, author date, committer, then per file `:meta`
    and `path`.
    Reading positionally keeps odd paths (starting with ':' or the mark) unambiguous.
    """
    tokens = output.split(b"\0")
    commit: str | None = None
    committed_at: datetime | None = None
    who: tuple[str | None, datetime | None, str | None] = (None, None, None)
    index = 0
    while index < len(tokens):
        token = tokens[index].decode("utf-8", errors="replace").lstrip("\n")
        index += 1
        if token.startswith(_COMMIT_MARK):
            commit = token[1:].strip()
            committed_at = parse_time(tokens[index].decode("ascii").strip()).astimezone(timezone.utc)
            author, authored, committer = (token.decode("utf-8", errors="replace").strip()
                                           for token in tokens[index + 1:index + 4])
            who = (author or None, parse_time(authored).astimezone(timezone.utc) if authored else None, committer or None)
            index += 4
        elif token.startswith(":") and commit is not None and committed_at is not None:
            if index >= len(tokens):
                break
            repo_path = tokens[index].decode("utf-8", errors="replace")
            index += 1
            # ":old_mode new_mode old_blob new_blob status"; a rename or copy has two paths: old, new
            old_mode, new_mode, old_blob, new_blob, status = token[1:].split(" ", 4)
            former: str | None = None
            if status[:1] in ("R", "C"):
                if index >= len(tokens):
                    break
                former, repo_path = repo_path, tokens[index].decode("utf-8", errors="replace")
                index += 1
                former = former[len(prefix):] if former.startswith(prefix) else None
            if not repo_path.startswith(prefix):
                if former is not None and status[:1] == "R":  # moved out of the store: gone from it
                    yield Change(commit, committed_at, former, "D", None, None, *who)
                continue
            relpath = repo_path[len(prefix):]
            was_file = old_mode in _REGULAR_MODES
            is_file = status[:1] != "D" and new_mode in _REGULAR_MODES and new_blob != _NULL_BLOB
            if status[:1] != "D" and new_mode in (LINK_MODE, SUBMODULE_MODE):
                unread[relpath] = (new_mode, new_blob)
            elif is_file:
                unread.pop(relpath, None)
            if is_file:
                yield Change(commit, committed_at, relpath, status[:1], new_blob, former, *who)
            elif former is not None and status[:1] == "R":  # renamed to something that is not a file
                yield Change(commit, committed_at, former, "D", None, None, *who)
            elif was_file:  # deleted, or turned into a symlink / submodule
                yield Change(commit, committed_at, relpath, status[:1], None, None, *who,
                              old_blob=old_blob if status[:1] == "D" else None)


def read_blobs(top_level: Path, blob_ids: list[str], path: Path) -> dict[str, bytes]:
    if not blob_ids:
        return {}
    request = "".join(f"{blob}\n" for blob in blob_ids).encode("ascii")
    output = git_bytes(top_level, "cat-file", "--batch", path=path, stdin=request)
    blobs: dict[str, bytes] = {}
    position = 0
    for blob in blob_ids:
        header_end = output.index(b"\n", position)
        header = output[position:header_end].decode("ascii", errors="replace").split()
        position = header_end + 1
        if len(header) == 2 and header[1] == "missing":
            continue
        size = int(header[2])
        blobs[blob] = output[position:position + size]
        position += size + 1  # the content is followed by a newline
    return blobs


def git_bytes(cwd: Path, *arguments: str, path: Path, stdin: bytes | None = None, literal: bool = False) -> bytes:
    command = ["git", *(["--literal-pathspecs"] if literal else []), *_GIT_CONFIG, *arguments]
    try:
        finished = subprocess.run(command, cwd=cwd, input=stdin, capture_output=True, check=False)
    except FileNotFoundError:
        raise InputError(path, "git is not installed (needed for --git)") from None
    if finished.returncode != 0:
        message = finished.stderr.decode("utf-8", errors="replace").strip().splitlines()
        reason = message[-1] if message else f"git {arguments[0]} failed"
        if "not a git repository" in reason.lower():
            reason = "not inside a git repository"
        raise InputError(path, reason.removeprefix("fatal: "))
    return finished.stdout


def git_text(cwd: Path, *arguments: str, path: Path) -> str:
    return git_bytes(cwd, *arguments, path=path).decode("utf-8", errors="replace")


def git_ok(cwd: Path, *arguments: str) -> bool:
    try:
        return subprocess.run(["git", *arguments], cwd=cwd, capture_output=True, check=False).returncode == 0
    except FileNotFoundError:
        return False
