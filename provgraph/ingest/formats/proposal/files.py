"""The files a proposal looks at: every file under the folder, its first lines, and the shape of its name.

The folder is walked as `ingest files` walks it (sorted, dot-directories skipped). A link, a device or a pipe is
not followed, a binary file is not read: each is kept with the reason, so the proposal counts it. A file is read
up to its first `LINES` lines (a record's metadata sits in its first part), which keeps a proposal for a
thousand-file log to seconds.
"""
from __future__ import annotations

import os
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from provgraph.ingest.binary import binary_reason
from provgraph.ingest.fields import decode

LINES = 300
_BYTES = 256 * 1024
_DIGITS = re.compile(r"\d+")
_GLOB_SPECIAL = re.compile(r"([\[\]*?])")
_DATA_SUFFIXES = (".yaml", ".yml", ".json")  # a sidecar is data beside a text


@dataclass(frozen=True)
class Seen:
    """One file under the folder: its store-relative path, its first lines (None when not read) and why not."""

    relpath: str
    lines: tuple[str, ...] | None
    why_not: str | None = None
    data: bytes = b""  # the bytes read (a sidecar's, parsed as YAML)

    @property
    def name(self) -> str:
        return self.relpath.rsplit("/", 1)[-1]

    @property
    def folder(self) -> str:
        return posixpath.dirname(self.relpath)

    @property
    def is_data(self) -> bool:
        return self.name.lower().endswith(_DATA_SUFFIXES)

    @property
    def suffix(self) -> str:
        return posixpath.splitext(self.name)[1].lower() or "(no extension)"


def look(root: Path) -> list[Seen]:
    """Every file under `root`, sorted by path, read as far as a proposal needs."""
    found: list[Seen] = []
    for directory, subdirectories, names in os.walk(root):
        subdirectories[:] = sorted(name for name in subdirectories
                                   if not name.startswith(".") and not os.path.islink(os.path.join(directory, name)))
        for name in sorted(names):
            file = Path(directory) / name
            found.append(_seen(file, file.relative_to(root).as_posix()))
    return sorted(found, key=lambda seen: seen.relpath)


def _seen(file: Path, relpath: str) -> Seen:
    if file.is_symlink():
        return Seen(relpath, None, "a link (not followed)")
    if not file.is_file():
        return Seen(relpath, None, "not a regular file")
    try:
        with file.open("rb") as handle:
            data = handle.read(_BYTES)
    except OSError as error:
        return Seen(relpath, None, f"cannot read: {error.strerror or error}")
    binary = binary_reason(data)
    if binary:
        return Seen(relpath, None, f"not text ({binary})")
    text, _ = decode(data)
    lines = [line.rstrip("\r") for line in text.split("\n", LINES)[:LINES]]
    return Seen(relpath, tuple(lines), data=data)


def shape(name: str) -> str:
    """The glob a file name repeats as: its first run of digits as `[0-9]*` (`pep-0008.rst` -> `pep-[0-9]*.rst`,
    `0123-x.md` -> `[0-9]*.md`); a name without digits is its own shape (`README.md`)."""
    stem, suffix = posixpath.splitext(name)
    found = _DIGITS.search(stem)
    if found is None:
        return name
    return _GLOB_SPECIAL.sub(r"[\1]", stem[:found.start()]) + "[0-9]*" + suffix


def number_of(relpath: str) -> int | None:
    """The number a record's path carries: the first in its file name, else in the nearest folder that has one
    (a KEP's `README.md` in its folder `1029-quotas` -> 1029)."""
    for part in reversed(relpath.split("/")):
        found = _DIGITS.search(posixpath.splitext(part)[0] if "." in part else part)
        if found:
            return int(found.group())
    return None


def prefix_of(name: str) -> str:
    """The letters before a file name's first digits, without separators (`pep-0008.rst` -> `pep`)."""
    found = _DIGITS.search(name)
    return re.sub(r"[^A-Za-z]+", "", name[:found.start()]) if found else ""
