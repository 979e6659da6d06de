"""What an ingest of files did not read as records, and why: the summary's `reading` lines.

Files that are not records (their names match none of the format's record globs) are not walked; they are counted
here, by extension, from the store's folder. Each record file's snapshot without a claim says why
(`Observation.unclaimed`: "no status field", "no kep.yaml beside it"). From those the summary says how many files
are not records, how many were read as sources only and why, and, when no file was read as a record, what was
looked for, what was found, and which presets would read it.
"""
from __future__ import annotations

import os
import posixpath
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Mapping

from provgraph.ingest.formats.declaration import RecordFormat, presets

if TYPE_CHECKING:
    from provgraph.ingest.selection import FileSelection

_LISTED = 4


def unread_files(selection: "FileSelection", root: Path | None, unclaimed: Mapping[str, str], claimed: bool) -> list[str]:
    """The `reading` lines for files that are not claims (`unclaimed`: source uid -> why, its latest version)."""
    others = not_records(selection, root) if root is not None else []
    said: list[str] = []
    if others:
        said.append(f"{len(others)} file(s) are not records of the {selection.fmt.name} format "
                    f"({', '.join(selection.fmt.records)}): {_by_extension(others)}")
    if unclaimed:
        reasons = Counter(unclaimed.values())
        told = "; ".join(f"{count} with {reason}" for reason, count in reasons.most_common())
        said.append(f"{len(unclaimed)} file(s) read as sources only, not records: {told}")
    if not claimed and (others or unclaimed):
        said.append(_nothing_read(selection.fmt, others, [uid.split(":", 1)[-1] for uid in unclaimed]))
    return said


def not_records(selection: "FileSelection", root: Path) -> list[str]:
    """Store-relative paths of the files under `root` that are not records (dot-directories and sidecars aside)."""
    if not root.is_dir():
        return []
    found = []
    for directory, subdirectories, names in os.walk(root):
        subdirectories[:] = [name for name in subdirectories if not name.startswith(".")]
        for name in names:
            relpath = Path(directory, name).relative_to(root).as_posix()
            if not selection.is_sidecar(relpath) and selection.skip_reason(relpath) == "not a record":
                found.append(relpath)
    return sorted(found)


def _by_extension(paths: list[str]) -> str:
    found = Counter(posixpath.splitext(path)[1].lower() or "(no extension)" for path in paths)
    listed = ", ".join(f"{count} {suffix}" for suffix, count in found.most_common(_LISTED))
    return listed + (", ..." if len(found) > _LISTED else "")


def _nothing_read(fmt: RecordFormat, others: list[str], unclaimed: list[str]) -> str:
    told = f"0 records: {fmt.describe()} was looked for"
    if others:
        told += f"; the other files are {_by_extension(others)}"
    hints = []
    for name, candidate in presets().items():
        if name == fmt.name:
            continue
        fits = sum(1 for path in (*others, *unclaimed) if candidate.is_record_name(path))
        if fits:
            hints.append(f"--preset {name} ({fits} file(s) match {', '.join(candidate.records)})")
    told += ("; to read them: " + " or ".join(hints) if hints else
             "; declare their format with --records GLOB and --field status=NAME (see docs/ingest.md)")
    return told
