"""`provgraph scan`: read source files, docs and configs and find each citation of a decision in them.

Bytes in, `ScannedFile` records out; nothing here touches the database (the engine keeps what this finds,
provgraph.engine.cites). A file whose bytes hash as they did at the last scan, against an unchanged vocabulary,
is not read further (its citations cannot have changed); one whose citations come out as they were is not
written again either. See matcher.py for what counts as a citation and walk.py for which files are read.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Callable, Iterable, Iterator, Mapping

from provgraph.base.cites import ScanCounts, ScannedFile
from provgraph.ingest.scan.matcher import CitePattern, Matcher, Vocabulary
from provgraph.ingest.regular import left_out as not_regular
from provgraph.ingest.scan.walk import files_under, left_out, read_bytes, text_of


def locator_of(file: Path, root: Path) -> str:
    """A file's locator: its path relative to the scan root, '/'-separated; an absolute path outside it."""
    try:
        return file.relative_to(root).as_posix()
    except ValueError:
        return file.as_posix()


def scan_files(files: Iterable[Path], root: Path, known: Mapping[str, tuple[str, str]], matcher: Callable[[], Matcher],
               rematch: bool, counts: ScanCounts) -> Iterator[ScannedFile]:
    """The files whose citations must be written: read, hashed, and (when changed, or `rematch`) matched.
    `known`: locator -> (sha256, citations digest) as last kept; `matcher` is built on first need."""
    for file in files:
        data = read_bytes(file, counts)
        if data is None:
            continue
        locator = locator_of(file, root)
        sha256 = hashlib.sha256(data).hexdigest()
        before = known.get(locator)
        if before is not None and before[0] == sha256 and not rematch:  # it was text when kept: no need to look again
            counts.files += 1
            counts.unchanged += 1
            continue
        text = text_of(data, counts)
        if text is None:
            continue
        counts.files += 1
        found = ScannedFile(locator, sha256, tuple(matcher().find(text, file.as_posix(), root.as_posix())))
        counts.citations += len(found.citations)
        counts.unresolved += sum(1 for c in found.citations if c.claim is None)
        if before is not None and before == (sha256, found.digest):
            counts.unchanged += 1
            continue
        yield found


def changed_files(given: Iterable[str], root: Path, counts: ScanCounts) -> tuple[list[Path], list[str]]:
    """`--files`: (the files to read, the locators of those that are gone), each path as given or relative to the
    root; a file in a dot or vendored folder, and anything not a regular file (a link, a pipe: the root is the scan's
    root), is left out (counted) as a folder scan leaves it out."""
    present, gone = [], []
    for name in dict.fromkeys(given):
        path = Path(os.path.normpath(Path(name) if os.path.isabs(name) else Path.cwd() / name))
        path = Path(os.path.realpath(path.parent), path.name)  # the folders resolved, a link at the end not followed
        reason = left_out(locator_of(path, root))
        if reason is None and os.path.lexists(path):
            reason = not_regular(path, root)
        if reason is not None:
            counts.skip(reason)
        elif path.is_file():
            present.append(path)
        else:
            gone.append(locator_of(path, root))
    return present, gone


__all__ = ["CitePattern", "Matcher", "Vocabulary", "changed_files", "files_under", "locator_of", "scan_files"]
