"""What an ingest of files did not read as records, and why: the summary's `reading` lines.

Files that are not records (their names match none of the format's record globs) are not walked; they are counted
here, by extension, from the store's folder (its regular files, as the ingester walks it: provgraph/ingest/regular.py);
a sidecar with no record file beside it (`kep.yaml` beside `README.markdown`) is named. Each record file's snapshot without a claim says why
(`Observation.unclaimed`: "no status field", "no kep.yaml beside it"). From those the summary says how many files
are not records, how many were read as sources only and why, and, when no file was read as a record, what was
looked for, what was found, and which presets would read it.
"""
from __future__ import annotations

import posixpath
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from provgraph.base.text import and_more
from provgraph.ingest.formats.declaration import RecordFormat, presets
from provgraph.ingest.regular import regular_files

if TYPE_CHECKING:
    from provgraph.ingest.selection import FileSelection

_LISTED = 4


def unread_files(selection: "FileSelection", root: Path | None, unclaimed: Mapping[str, str], claimed: bool,
                 proposal: Mapping[str, Any] | None = None) -> list[str]:
    """The `reading` lines for files that are not claims (`unclaimed`: source uid -> why, its latest version;
    `proposal`: the declaration proposed for the store, when no record states a status)."""
    files = regular_files(root, lambda relpath, reason: None) if root is not None and root.is_dir() else []
    others = not_records(selection, files)  # the ingester counted the entries that are not regular files
    said: list[str] = []
    if others:
        said.append(f"{len(others)} file(s) are not records of the {selection.fmt.name} format "
                    f"({', '.join(selection.fmt.records)}): {_by_extension(others)}")
    alone = sidecars_alone(selection, files)
    if alone:
        said.append(f"{len(alone)} {selection.fmt.sidecar} beside no record file ({', '.join(selection.fmt.records)}), "
                    f"read by no record: {and_more(alone, _LISTED)}")
    if unclaimed:
        reasons = Counter(unclaimed.values())
        told = "; ".join(f"{count} with {reason}" for reason, count in reasons.most_common())
        said.append(f"{len(unclaimed)} file(s) read as sources only, not records: {told}")
    if not claimed and (others or unclaimed):
        said.append(_nothing_read(selection.fmt, others, [uid.split(":", 1)[-1] for uid in unclaimed], proposal is not None))
    if proposal is not None:
        said.append(f"a declaration is proposed below, not applied: {proposal['summary']} "
                    f"(`provgraph formats propose {proposal['store']['path']}` prints it alone)")
    return said


def proposed(root: Path | None, store: str, stated: bool) -> dict[str, Any] | None:
    """The declaration proposed for a folder an ingest read no record with a status in (as `formats propose --format
    json` gives it), or None: a record stated one, or nothing there reads as records. Never applied."""
    from provgraph.base.errors import InputError
    from provgraph.ingest.formats.proposal import propose_format

    if stated or root is None or not root.is_dir():
        return None
    try:
        return propose_format(root, name=store).to_dict()
    except InputError:
        return None


def not_records(selection: "FileSelection", files: list[str]) -> list[str]:
    """The store-relative paths among `files` (the regular files walked) that are not records (sidecars aside)."""
    return [relpath for relpath in files
            if not selection.is_sidecar(relpath) and selection.skip_reason(relpath) == "not a record"]


def sidecars_alone(selection: "FileSelection", files: list[str]) -> list[str]:
    """Each sidecar among `files` with no record file in its folder, named with the files beside it:
    `keps/x/kep.yaml (beside README.markdown)`."""
    folders: dict[str, list[str]] = {}
    for relpath in files:
        folders.setdefault(posixpath.dirname(relpath), []).append(relpath)
    alone = []
    for _, held in sorted(folders.items()):
        sidecars = [relpath for relpath in held if selection.is_sidecar(relpath) and not selection.fmt.is_record_name(relpath)]
        if not sidecars or any(selection.fmt.is_record_name(relpath) for relpath in held):
            continue
        beside = [posixpath.basename(relpath) for relpath in held if relpath not in sidecars]
        alone += [f"{sidecar} (beside {and_more(beside, _LISTED) if beside else 'nothing'})" for sidecar in sidecars]
    return alone


def _by_extension(paths: list[str]) -> str:
    found = Counter(posixpath.splitext(path)[1].lower() or "(no extension)" for path in paths)
    listed = ", ".join(f"{count} {suffix}" for suffix, count in found.most_common(_LISTED))
    return listed + (", ..." if len(found) > _LISTED else "")


def _nothing_read(fmt: RecordFormat, others: list[str], unclaimed: list[str], proposed: bool) -> str:
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
    told += ("; to read them: " + " or ".join(hints) if hints else "" if proposed else
             "; declare their format with --records GLOB and --field status=NAME (see docs/ingest.md)")
    return told
