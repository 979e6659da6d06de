"""Which files `provgraph scan` reads: every text file under the paths given, less what a repository leaves out.

Inside a git work tree the files are what `git ls-files --cached --others --exclude-standard` lists, so
`.gitignore` (every level of it, and `.git/info/exclude`) is respected as git itself reads it. Outside one, the
folders are walked. Either way, as the files ingester does, a dot-folder is not entered, and vendored or generated
folders (VENDORED) are left out, as is a binary file (provgraph.ingest.binary, the rule every ingester uses) or
one larger than MAX_BYTES. Each file left out is counted under its reason.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Iterable, Iterator

from provgraph.base.cites import ScanCounts
from provgraph.base.errors import InputError
from provgraph.ingest.binary import binary_reason

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


def _walk(folder: Path) -> Iterator[Path]:
    for directory, subdirectories, names in os.walk(folder):
        subdirectories[:] = sorted(name for name in subdirectories if not name.startswith(".") and name not in VENDORED)
        for name in sorted(names):
            yield Path(directory) / name


def files_under(paths: Iterable[Path], counts: ScanCounts) -> Iterator[Path]:
    """Every file under `paths` (a file is itself), absolute, each once, before it is read."""
    seen: set[Path] = set()
    for given in paths:
        path = given.resolve()
        if path.is_file():
            found: Iterable[Path] = [path]
        elif path.is_dir():
            listed = git_files(path)
            if listed is not None:
                found = listed
            else:
                found = _walk(path)
        else:
            raise InputError(given, "no such file or folder")
        for file in found:
            reason = left_out(file.relative_to(path).as_posix()) if file != path else None
            if reason is not None:
                counts.skip(reason)
            elif file not in seen and file.is_file():
                seen.add(file)
                yield file


def read_bytes(file: Path, counts: ScanCounts) -> bytes | None:
    """The file's bytes; None (counted) for one too large or unreadable."""
    try:
        if file.stat().st_size > MAX_BYTES:
            counts.skip("larger than 2 MB")
            return None
        return file.read_bytes()
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
