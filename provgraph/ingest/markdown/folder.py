"""The files ingester: every Markdown file under a folder (walked sorted, dot-directories skipped) or one file."""
from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

from provgraph.base.errors import InputError
from provgraph.ingest import register
from provgraph.ingest.fields import read_bytes
from provgraph.ingest.markdown.adr import parse_markdown
from provgraph.ingest.markdown.dates import DateConvention
from provgraph.ingest.markdown.document import is_markdown_name
from provgraph.ingest.records import IngestOptions, Notice, Observation, Quarantined, Record, Skipped
from provgraph.ingest.selection import FileSelection


@register("files")
def ingest_files(path: Path, options: IngestOptions) -> Iterator[Record]:
    """Every Markdown file under `path` (a directory, walked sorted) or `path` itself."""
    path = Path(path)
    if not path.exists():
        raise InputError(path, "no such file or directory")
    if path.is_file():
        if not is_markdown_name(path.name):
            raise InputError(path, "not a Markdown file (expected .md or .markdown)")
        read_bytes(path)  # one file that is missing, unreadable or binary is unusable input as a whole
        root, files = path.parent, [path]
    elif path.is_dir():
        root, files = path, list(_walk(path))
    else:
        raise InputError(path, "not a file or directory")
    selection = FileSelection.from_options(options.options)
    seen_ids: dict[str, str] = {}
    dates = DateConvention(order=options.options.get("date_order"))
    held: list[tuple[str, bytes, datetime]] = []  # files with a date that reads both ways: read once the store's dates are in
    for file in files:
        relpath = file.relative_to(root).as_posix()
        reason = selection.skip_reason(relpath) if path.is_dir() else None  # a file named on its own is read
        if reason is not None:
            yield Skipped(relpath, reason)
            continue
        try:
            data = file.read_bytes()
            revised_at = datetime.fromtimestamp(file.stat().st_mtime, tz=timezone.utc)
        except OSError as error:
            yield Quarantined(relpath, None, f"cannot read: {error.strerror or error}")
            continue
        ambiguous_before = len(dates.ambiguous)
        records = parse_markdown(relpath, data, revised_at, options, dated=True, dates=dates)
        if len(dates.ambiguous) > ambiguous_before:
            held.append((relpath, data, revised_at))
            continue
        yield from _checked(records, relpath, seen_ids)
    dates.settled = True
    for relpath, data, revised_at in held:
        yield from _checked(parse_markdown(relpath, data, revised_at, options, dated=True, dates=dates), relpath, seen_ids)
    said = dates.summary(options.store)
    if said is not None:
        yield said


def _checked(records: list[Record], relpath: str, seen_ids: dict[str, str]) -> Iterator[Record]:
    for record in records:
        if isinstance(record, Observation):
            for claim in record.claims:
                if claim.uid in seen_ids:
                    yield Notice("duplicate_id", claim.uid, f"{relpath} uses the id of {seen_ids[claim.uid]}")
                seen_ids.setdefault(claim.uid, relpath)
        yield record


def is_walked(relpath: str) -> bool:
    """Whether a store-relative path is one the files ingester reads (Markdown, no dot-directory)."""
    parts = relpath.split("/")
    return is_markdown_name(parts[-1]) and not any(part.startswith(".") for part in parts[:-1])


def _walk(root: Path) -> Iterator[Path]:
    found: list[tuple[str, Path]] = []
    for directory, subdirectories, names in os.walk(root):
        subdirectories[:] = [name for name in subdirectories if not name.startswith(".")]
        for name in names:
            if is_markdown_name(name):
                file = Path(directory) / name
                if file.is_file():
                    found.append((file.relative_to(root).as_posix(), file))
    for _, file in sorted(found):
        yield file
