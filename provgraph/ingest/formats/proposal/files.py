"""The files a proposal looks at: every file under the folder, its first lines, and the shape of its name.

The folder is walked as `ingest files` walks it (`regular.regular_files`: sorted, dot-directories skipped). A link, a
device or a pipe is never opened and a binary file is not read: each is kept with its reason (the walk's own words,
`regular.py`), so the proposal counts it. A file's first
`LINES` lines are what the places are read in (a record's metadata sits in its first part), which keeps a proposal
for a thousand-file log to seconds; its citations of other records are sought in all its text read.
"""
from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from provgraph.ingest.binary import binary_reason
from provgraph.ingest.formats import metadata
from provgraph.ingest.fields import decode
from provgraph.ingest.regular import NotRegular, open_regular, regular_files

LINES = 300
_BYTES = 256 * 1024
_DIGITS = re.compile(r"\d+")
_GLOB_SPECIAL = re.compile(r"([\[\]*?])")
_TEMPLATE = "template"
_DATA_SUFFIXES = (".yaml", ".yml", ".json")  # a sidecar is data beside a text
# a program's or a build's source: its `#` comments are no headings and its `name: value` lines no fields
_PROGRAM_SUFFIXES = (".sh", ".bash", ".zsh", ".ps1", ".bat", ".cmd", ".py", ".pl", ".pm", ".rb", ".php", ".lua", ".r",
                     ".jl", ".js", ".mjs", ".ts", ".go", ".rs", ".java", ".kt", ".scala", ".c", ".h", ".cc", ".cpp",
                     ".cs", ".swift", ".xsl", ".xslt", ".css", ".scss", ".mk", ".cmake", ".nix", ".tf", ".toml", ".ini",
                     ".cfg", ".conf", ".lock")
_PROGRAM_NAMES = frozenset({"makefile", "dockerfile", "jenkinsfile", "gemfile", "rakefile", "vagrantfile", "justfile"})


@dataclass(frozen=True)
class Seen:
    """One file under the folder: its store-relative path, its first lines (None when not read) and why not."""

    relpath: str
    lines: tuple[str, ...] | None
    why_not: str | None = None
    data: bytes = b""  # the bytes read (a sidecar's, parsed as YAML)
    text: str = ""  # the text of the bytes read, past `LINES` too (how the records cite each other)

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
    def is_prose(self) -> bool:
        """A text a record may be: read, neither data (a sidecar's) nor a program's source."""
        name = self.name.lower()
        return (self.lines is not None and not self.is_data and not name.endswith(_PROGRAM_SUFFIXES)
                and name not in _PROGRAM_NAMES)

    @property
    def suffix(self) -> str:
        return posixpath.splitext(self.name)[1].lower() or "(no extension)"


def look(root: Path) -> list[Seen]:
    """Every file under `root`, sorted by path, read as far as a proposal needs."""
    found: list[Seen] = []
    for relpath in regular_files(root, lambda relpath, reason: found.append(Seen(relpath, None, reason))):
        found.append(_seen(root / relpath, relpath))
    return sorted(found, key=lambda seen: seen.relpath)


def _seen(file: Path, relpath: str) -> Seen:
    try:
        with open_regular(file) as handle:
            data = handle.read(_BYTES)
    except NotRegular as error:
        return Seen(relpath, None, error.reason)
    except OSError as error:
        return Seen(relpath, None, f"cannot read: {error.strerror or error}")
    binary = binary_reason(data)
    if binary:
        return Seen(relpath, None, f"not text ({binary})")
    text, _ = decode(data)
    lines = [line.rstrip("\r") for line in text.split("\n", LINES)[:LINES]]
    return Seen(relpath, tuple(lines), data=data, text=text)


def shape(name: str) -> str:
    """The glob a file name repeats as: its first run of digits as `[0-9]*` (`pep-0008.rst` -> `pep-[0-9]*.rst`,
    `0123-x.md` -> `[0-9]*.md`); a name without digits is its own shape (`README.md`)."""
    stem, suffix = posixpath.splitext(name)
    found = _DIGITS.search(stem)
    if found is None:
        return name
    return _GLOB_SPECIAL.sub(r"[\1]", stem[:found.start()]) + "[0-9]*" + suffix


def literal_glob(relpath: str) -> str:
    """A glob that matches this one store-relative path (its glob characters bracketed)."""
    return _GLOB_SPECIAL.sub(r"[\1]", relpath)


def is_template(name: str) -> bool:
    """A file or folder named for a template, with no record number of its own (`NNNN-kep-template`, `template.md`;
    not `5978-cluster-resource-claim-template`, a record about templates)."""
    return _TEMPLATE in name.casefold() and not re.search(r"[1-9]", name)


def number_of(relpath: str) -> int | None:
    """The number a record's path carries: the first in its file name, else in the nearest folder that has one
    (a KEP's `README.md` in its folder `1029-quotas` -> 1029)."""
    found = metadata.file_name(relpath).get(metadata.FILE_NUMBER)
    return int(str(found.value).split(".")[0]) if found else None  # `7.1`: a revision of 7, ordered with it


def prefix_of(name: str) -> str:
    """The letters before a file name's first digits, without separators (`pep-0008.rst` -> `pep`)."""
    found = _DIGITS.search(name)
    return re.sub(r"[^A-Za-z]+", "", name[:found.start()]) if found else ""
