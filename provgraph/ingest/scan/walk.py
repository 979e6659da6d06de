"""Which files `provgraph scan` reads: every text file under the paths given, less what a repository leaves out.

Inside a git work tree the files are what `git ls-files --cached --others --exclude-standard` lists, so
`.gitignore` (every level of it, and `.git/info/exclude`) is respected as git itself reads it. Outside one, the
folders are walked. Either way, as the files ingester does, a dot-folder is not entered, and vendored or generated
folders (VENDORED) are left out, as is a binary file (provgraph.ingest.binary, the rule every ingester uses) or
one larger than MAX_BYTES, and, as every walker of a store does (provgraph/ingest/regular.py), anything that is not a
regular file: a link (git lists the links it tracks) is never followed, a device, pipe or socket never opened (git
lists none: in a work tree they are found in the folders' listings, less what .gitignore leaves out). Each file left
out is counted under its reason.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Iterable, Iterator

from provgraph.base.cites import ScanCounts
from provgraph.base.errors import InputError
from provgraph.ingest.binary import binary_reason
from provgraph.ingest.regular import NotRegular, open_regular, regular_files, special_entries
from provgraph.ingest.regular import left_out as not_regular

VENDORED = frozenset({"node_modules", "vendor", "third_party", "site-packages", "__pycache__", "venv", "bower_components"})
MAX_BYTES = 2_000_000


def left_out(relative: str) -> str | None:
    """Why a path (relative, '/'-separated) is not read by its folders: "dot folder", "vendored", or None."""
    for part in relative.split("/")[:-1]:
        if part.startswith("."):
            return "dot folder"
        if part in VENDORED:
            return "vendored"
    return None


def git_files(folder: Path) -> list[Path] | None:
    """The files git sees under `folder` (tracked, or untracked and not ignored); None outside a work tree."""
    try:
        listed = subprocess.run(["git", "-C", str(folder), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                                capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    names = sorted({name for name in listed.stdout.decode("utf-8", "surrogateescape").split("\0") if name})
    return [folder / name for name in names]


def files_under(paths: Iterable[Path], counts: ScanCounts) -> Iterator[Path]:
    """Every regular file under `paths` (a file is itself), absolute, each once, before it is read. A link, device,
    named pipe or socket under a folder given is never opened, counted under its reason (provgraph/ingest/regular.py,
    the folder given being the root)."""
    seen: set[Path] = set()
    for given in paths:
        path = given.resolve()
        if path.is_file():
            found: Iterable[Path] = [path]
        elif path.is_dir():
            listed = git_files(path)
            if listed is not None:
                found = listed
                for special in _unlisted(path):
                    counts.skip(special)
            else:
                found = [path / relpath for relpath in regular_files(path, lambda relpath, reason: counts.skip(reason),
                                                                         enter=_entered)]
        else:
            raise InputError(given, "no such file or folder")
        for file in found:
            reason = left_out(file.relative_to(path).as_posix()) if file != path else None
            if reason is None and file != path:
                try:
                    reason = not_regular(file, path)
                except OSError:
                    continue  # listed by git, gone since
            if reason is not None:
                counts.skip(reason)
            elif file not in seen and file.is_file():
                seen.add(file)
                yield file


def _unlisted(folder: Path) -> list[str]:
    """The reasons of the devices, named pipes and sockets in a work tree (git lists none), one each, less those in
    what .gitignore leaves out (as its files are)."""
    found = special_entries(folder, _entered)
    if not found:
        return []
    names = "\0".join(relpath for relpath, _ in found).encode("utf-8", "surrogateescape") + b"\0"
    try:
        checked = subprocess.run(["git", "-C", str(folder), "check-ignore", "-z", "--stdin"], input=names,
                                 capture_output=True, check=False)
    except OSError:
        return [reason for _, reason in found]
    ignored = set(checked.stdout.decode("utf-8", "surrogateescape").split("\0"))
    return [reason for relpath, reason in found if relpath not in ignored]


def _entered(name: str) -> bool:
    return not name.startswith(".") and name not in VENDORED


def read_bytes(file: Path, counts: ScanCounts) -> bytes | None:
    """The file's bytes; None (counted) for one too large, not a regular file by now, or unreadable."""
    try:
        with open_regular(file) as handle:
            if os.fstat(handle.fileno()).st_size > MAX_BYTES:
                counts.skip("larger than 2 MB")
                return None
            return handle.read()
    except NotRegular as error:
        counts.skip(error.reason)
        return None
    except OSError:
        counts.skip("unreadable")
        return None


def text_of(data: bytes, counts: ScanCounts) -> str | None:
    """The text of a file's bytes; None (counted) for a binary file."""
    if binary_reason(data) is not None:
        counts.skip("binary")
        return None
    return data.decode("utf-8", errors="replace")


__all__ = ["MAX_BYTES", "VENDORED", "files_under", "git_files", "left_out", "read_bytes", "text_of"]
