"""The files ingester: every record file under a folder (walked sorted, dot-directories skipped) or one file.

Which files are records, and how each is read, is the store's record format (provgraph/ingest/formats/; the
default `adr` reads Markdown). Files that are not records yield nothing (the summary counts them by extension);
record files left out on purpose (templates, index pages, --exclude) are skipped with their reason; a record's
sidecar (`kep.yaml`) is read with it, and its bytes are part of the record's snapshot.
"""
from __future__ import annotations

import os
import posixpath
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

from provgraph.base.errors import InputError
from provgraph.ingest import register
from provgraph.ingest.fields import read_bytes
from provgraph.ingest.formats.declaration import RecordFormat
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.markdown.dates import DateConvention
from provgraph.ingest.records import ClaimRecord, IngestOptions, Notice, Observation, Quarantined, Record, Skipped
from provgraph.ingest.selection import NOT_A_RECORD, FileSelection


@register("files")
def ingest_files(path: Path, options: IngestOptions) -> Iterator[Record]:
    """Every record file under `path` (a directory, walked sorted) or `path` itself."""
    path = Path(path)
    selection = FileSelection.from_options(options.options)
    fmt = selection.fmt
    if not path.exists():
        raise InputError(path, "no such file or directory")
    if path.is_file():
        if selection.skip_reason(path.name) == NOT_A_RECORD:
            raise InputError(path, not_a_record(fmt))
        read_bytes(path)  # one file that is missing, unreadable or binary is unusable input as a whole
        root, files = path.parent, [path]
    elif path.is_dir():
        root, files = path, list(_walk(path))
    else:
        raise InputError(path, "not a file or directory")
    seen_ids: dict[str, str] = {}
    dates = DateConvention(order=options.options.get("date_order"))
    held: list[tuple[str, bytes, datetime, bytes | None]] = []  # a date that reads both ways: read once the store's dates are in
    for file in files:
        relpath = file.relative_to(root).as_posix()
        if path.is_dir() and selection.is_sidecar(relpath) and not fmt.is_record_name(relpath):
            continue  # read with its record
        reason = selection.skip_reason(relpath) if path.is_dir() else None  # a file named on its own is read
        if reason == NOT_A_RECORD:
            continue  # not walked: the summary counts these by extension (provgraph/ingest/formats/tally.py)
        if reason is not None:
            yield Skipped(relpath, reason)
            continue
        try:
            data = file.read_bytes()
            sidecar = _sidecar(file, fmt.sidecar)
            revised_at = datetime.fromtimestamp(max([file.stat().st_mtime, *_sidecar_mtime(file, fmt.sidecar)]), tz=timezone.utc)
        except OSError as error:
            yield Quarantined(relpath, None, f"cannot read: {error.strerror or error}")
            continue
        ambiguous_before = len(dates.ambiguous)
        read = read_record(fmt, Version(relpath, revised_at), data, options, sidecar=sidecar, dates=dates, dated=True)
        if len(dates.ambiguous) > ambiguous_before:
            held.append((relpath, data, revised_at, sidecar))
            continue
        yield from _checked(read.records, relpath, seen_ids, fmt)
    dates.settled = True
    for relpath, data, revised_at, sidecar in held:
        read = read_record(fmt, Version(relpath, revised_at), data, options, sidecar=sidecar, dates=dates, dated=True)
        yield from _checked(read.records, relpath, seen_ids, fmt)
    said = dates.summary(options.store)
    if said is not None:
        yield said


def not_a_record(fmt: RecordFormat) -> str:
    """Why one file named on its own cannot be read by the store's format."""
    if fmt.is_markdown_adr:
        return "not a Markdown file (expected .md or .markdown; another format: --preset or --records)"
    return f"not a record of the {fmt.name} format (expected {', '.join(fmt.records)})"


def _sidecar(file: Path, name: str | None) -> bytes | None:
    beside = file.parent / name if name else None
    return beside.read_bytes() if beside is not None and beside.is_file() else None


def _sidecar_mtime(file: Path, name: str | None) -> list[float]:
    beside = file.parent / name if name else None
    return [beside.stat().st_mtime] if beside is not None and beside.is_file() else []


def _checked(records: list[Record], relpath: str, seen_ids: dict[str, str], fmt: RecordFormat) -> Iterator[Record]:
    for record in records:
        if isinstance(record, Observation):
            for claim in record.claims:
                if claim.uid in seen_ids:
                    yield Notice("duplicate_id", claim.uid, f"{relpath} uses the id of {seen_ids[claim.uid]}"
                                 + ("" if fmt.is_markdown_adr else "; read under its path"))
                    if not fmt.is_markdown_adr:
                        record = _under_path(record, claim, relpath)
                seen_ids.setdefault(claim.uid, relpath)
        yield record


def _under_path(record: Observation, claim: ClaimRecord, relpath: str) -> Observation:
    """A record whose declared id another record holds keeps its own claim, named by its path (`<store>:<path>`)."""
    uid = record.source.uid
    folder = posixpath.dirname(relpath)
    own = tuple(alias for alias in claim.aliases if alias != uid and (relpath in alias or (folder and alias.endswith(folder))))
    edges = tuple(replace(edge, from_ref=uid if edge.from_ref == claim.uid else edge.from_ref,
                          to_ref=uid if edge.to_ref == claim.uid else edge.to_ref) for edge in record.edges)
    claims = tuple(replace(c, uid=uid, aliases=own) if c is claim else c for c in record.claims)
    return replace(record, claims=claims, edges=edges)


def _walk(root: Path) -> Iterator[Path]:
    found: list[tuple[str, Path]] = []
    for directory, subdirectories, names in os.walk(root):
        subdirectories[:] = [name for name in subdirectories if not name.startswith(".")]
        for name in names:
            file = Path(directory) / name
            if file.is_file():
                found.append((file.relative_to(root).as_posix(), file))
    for _, file in sorted(found):
        yield file
