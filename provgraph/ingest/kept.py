"""Reading a line-streamed file (a log, JSON Lines cards) from its kept end.

Each read of such a file ends with a FileEnd: the bytes read through the last LF, their hash, their lines and
entries. The pipeline keeps it and hands it back on the next ingest (IngestOptions.options[KEPT_ENDS], by file
name); when the file is at least that long and its first `length` bytes hash the same, the reader yields Resumed and
parses only the lines after them, numbered as a whole read numbers them. Anything else (shorter, an edited prefix,
no kept end) is a whole read. The reader never touches the database: the pipeline decides what it keeps.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from provgraph.ingest.fields import Line, read_lines
from provgraph.ingest.records import FileEnd, IngestOptions, Observation, Record, Resumed
from provgraph.ingest.regular import open_regular

KEPT_ENDS = "kept_ends"  # the IngestOptions.options key: file name -> the FileEnd its last read kept
_CHUNK = 1 << 20


class Tally:
    """The bytes read through the last LF so far: their hash, length and lines."""

    def __init__(self) -> None:
        self.hash = hashlib.sha256()
        self.length = 0
        self.lines = 0

    def update(self, raw: bytes) -> None:
        self.hash.update(raw)
        self.length += len(raw)
        self.lines += 1


def resume_point(path: Path, kept: FileEnd | None, tally: Tally) -> FileEnd | None:
    """`kept` when `path` still begins with the bytes it describes (the tally then holds them), else None."""
    if kept is None or kept.entries == 0 or kept.length <= 0:
        return None
    try:
        if path.stat().st_size < kept.length:
            return None
        digest = hashlib.sha256()
        with open_regular(path, follow=True) as handle:  # never waits on a pipe put in the file's place
            left = kept.length
            while left:
                chunk = handle.read(min(left, _CHUNK))
                if not chunk:
                    return None
                digest.update(chunk)
                left -= len(chunk)
    except OSError:
        return None  # the whole read says what is wrong with the file
    if digest.hexdigest() != kept.sha256:
        return None
    tally.hash, tally.length, tally.lines = digest, kept.length, kept.lines
    return kept


def kept_end_of(options: IngestOptions, path: Path) -> FileEnd | None:
    ends: dict[str, Any] = options.options.get(KEPT_ENDS) or {}
    return ends.get(path.name)


def read_from_kept_end(path: Path, options: IngestOptions, check: Callable[[], None],
                       records: Callable[[Iterable[Line]], Iterator[Record]]) -> Iterator[Record]:
    """The records of `path` (made from its lines by `records`), from its kept end when it still holds, then its
    FileEnd. `check` (the whole-file format check) runs only for a whole read: a kept prefix passed it already.

    A file whose last line has no LF and carries an entry keeps no end (length 0): that line may still grow."""
    tally = Tally()
    resumed = resume_point(path, kept_end_of(options, path), tally)
    if resumed is None:
        check()
    else:
        yield Resumed(path.name, resumed)
    start, before = (resumed.length, resumed.lines) if resumed else (0, 0)
    entries, last = (resumed.entries, resumed.last) if resumed else (0, "")
    unfinished = False
    for record in records(read_lines(path, start, before, tally)):
        if isinstance(record, Observation):
            entries += 1
            last = record.source.uid
            unfinished = unfinished or any((claim.line_end or 0) > tally.lines for claim in record.claims)
        yield record
    if unfinished:
        yield FileEnd(path.name, 0, "", 0, 0, "")  # nothing to keep: the next read is a whole one
    else:
        yield FileEnd(path.name, tally.length, tally.hash.hexdigest(), tally.lines, entries, last)


__all__ = ["KEPT_ENDS", "Tally", "kept_end_of", "read_from_kept_end", "resume_point"]
