"""The files ingester: every record file under a folder (walked sorted, dot-directories skipped) or one file.

Only regular files are read, never through a link (provgraph/ingest/regular.py, the rule every walker applies): a
link, device, named pipe or socket under the folder is never opened, and the summary's `reading` line counts each
with its reason. A file named on its own is read as named (a link to it followed), if it is a regular file.

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
from provgraph.ingest.formats.twins import plain_first, twin_said
from provgraph.ingest.markdown.dates import DateConvention
from provgraph.ingest.records import ClaimRecord, IngestOptions, Notice, Observation, Quarantined, Record, Skipped
from provgraph.ingest.regular import LeftOut, NotRegular, kind_of, read_regular, regular_files, regular_names
from provgraph.ingest.selection import NOT_A_RECORD, FileSelection


@register("files")
def ingest_files(path: Path, options: IngestOptions) -> Iterator[Record]:
    """Every record file under `path` (a directory, walked sorted) or `path` itself."""
    path = Path(path)
    selection = FileSelection.from_options(options.options)
    fmt = selection.fmt
    left = LeftOut()
    if not path.exists():
        raise InputError(path, "no such file or directory")
    if path.is_file():
        if selection.skip_reason(path.name) == NOT_A_RECORD:
            raise InputError(path, not_a_record(fmt))
        read_bytes(path)  # one file that is missing, unreadable or binary is unusable input as a whole
        root, relpaths = path.parent, [path.name]
        sidecars = _sidecars(fmt.sidecar, regular_names(root, lambda name, reason: None))  # only its sidecar matters
    elif path.is_dir():
        root, relpaths = path, plain_first(regular_files(path, left.add))  # an id both give is the plain name's
        sidecars = _sidecars(fmt.sidecar, relpaths)
    else:
        raise InputError(path, f"a {kind_of(path.stat().st_mode)}, not a file or directory")
    seen_ids: dict[str, str] = {}
    dates = DateConvention(order=options.options.get("date_order"))
    held: list[tuple[str, bytes, datetime, bytes | None]] = []  # a date that reads both ways: read once the store's dates are in
    for relpath in relpaths:
        file = root / relpath
        if path.is_dir() and selection.is_sidecar(relpath) and not fmt.is_record_name(relpath):
            continue  # read with its record
        reason = selection.skip_reason(relpath) if path.is_dir() else None  # a file named on its own is read
        if reason == NOT_A_RECORD:
            continue  # not walked: the summary counts these by extension (provgraph/ingest/formats/tally.py)
        if reason is not None:
            yield Skipped(relpath, reason)
            continue
        beside = sidecars.get(posixpath.dirname(relpath))
        try:
            data = read_regular(file, follow=not path.is_dir())
            sidecar = read_regular(root / beside) if beside else None
            revised_at = datetime.fromtimestamp(max(os.stat(root / name).st_mtime for name in (relpath, beside) if name),
                                                tz=timezone.utc)
        except NotRegular as error:  # turned into a link or a pipe since the walk
            left.add(relpath, error.reason)
            continue
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
    unopened = left.notice(options.store)
    if unopened is not None:
        yield unopened


def not_a_record(fmt: RecordFormat) -> str:
    """Why one file named on its own cannot be read by the store's format."""
    if fmt.is_markdown_adr:
        return "not a Markdown file (expected .md or .markdown; another format: --preset or --records)"
    return f"not a record of the {fmt.name} format (expected {', '.join(fmt.records)})"


def _sidecars(name: str | None, relpaths: list[str]) -> dict[str, str]:
    """Folder -> the sidecar among the regular files walked there, its name in any case (`KEP.yaml` too)."""
    if name is None:
        return {}
    return {posixpath.dirname(relpath): relpath for relpath in relpaths
            if posixpath.basename(relpath).lower() == name.lower()}


def _checked(records: list[Record], relpath: str, seen_ids: dict[str, str], fmt: RecordFormat) -> Iterator[Record]:
    for record in records:
        if isinstance(record, Observation):
            for claim in record.claims:
                if claim.uid in seen_ids:
                    yield Notice("duplicate_id", claim.uid, twin_said(relpath, seen_ids[claim.uid])
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
