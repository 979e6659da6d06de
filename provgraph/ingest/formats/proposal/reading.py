"""What a proposed declaration would read: every file under the folder, through the real declaration and reader.

The counts a proposal prints are not the proposer's guess: the declaration is loaded as provgraph.toml's would be
(`declaration.declared`, which refuses a bad one), and each file goes through the same selection and
`reader.read_record` an `ingest files` uses. A file is a record (it states a status: a claim), a source only (a
record file with no status, and why), skipped (a template, a sidecar read with its record), or not read (not a
record's name, by extension; not text; a link).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from provgraph.ingest.formats.declaration import declared
from provgraph.ingest.formats.proposal.files import Seen
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.formats.twins import plain_first
from provgraph.ingest.records import IngestOptions, Observation
from provgraph.ingest.regular import NotRegular, read_regular
from provgraph.ingest.selection import NOT_A_RECORD, FileSelection

OTHER_NAMES = "not a record's name"


@dataclass
class Tally:
    records: int = 0
    not_read: Counter[str] = field(default_factory=Counter)  # reason -> files
    other_names: Counter[str] = field(default_factory=Counter)  # extension -> files whose names are not records'
    silent: list[str] = field(default_factory=list)  # record files read as sources only
    stated: dict[str, str] = field(default_factory=dict)  # record file -> its status word as the reader read it
    aside: dict[str, list[str]] = field(default_factory=dict)  # skip reason -> the files set aside for it
    ids: dict[str, list[str]] = field(default_factory=dict)  # a claim's id -> the record files that give it

    def shared_ids(self) -> list[tuple[str, str, str]]:
        """(record file, id, the file that holds the id) for each record file that gives an id another holds: an
        ingest reads it under its path (`duplicate_id`); of twins, the plain name holds it (twins.py)."""
        shared = []
        for uid, paths in self.ids.items():
            if len(paths) > 1:
                holder, *others = plain_first(sorted(paths))
                shared += [(path, uid, holder) for path in others]
        return sorted(shared)

    @property
    def files(self) -> int:
        return self.records + sum(self.not_read.values())


def tally(root: Path, seen: list[Seen], table: dict[str, Any], store: str) -> Tally:
    """How the declaration `table` (a [store.record] table with its words) reads every file under `root`."""
    fmt = declared(table, "proposed declaration")
    selection = FileSelection(fmt=fmt)
    options = IngestOptions(store=store)
    now = datetime.now(timezone.utc)
    counted = Tally()
    for item in seen:
        if item.why_not is not None:
            counted.not_read["not text" if item.why_not.startswith("not text") else item.why_not] += 1
            continue
        if selection.is_sidecar(item.relpath) and not fmt.is_record_name(item.relpath):
            counted.not_read[f"a sidecar, read with its record ({item.name})"] += 1
            continue
        reason = selection.skip_reason(item.relpath)
        if reason == NOT_A_RECORD:
            counted.not_read[OTHER_NAMES] += 1
            counted.other_names[item.suffix] += 1
            continue
        if reason is not None:
            counted.not_read[reason] += 1
            counted.aside.setdefault(reason, []).append(item.relpath)
            continue
        file = root / item.relpath
        try:
            data = read_regular(file)
            beside = file.parent / fmt.sidecar if fmt.sidecar else None
            sidecar = _sidecar(beside) if beside is not None else None
        except NotRegular as error:
            counted.not_read[error.reason] += 1
            continue
        except OSError as error:
            counted.not_read[f"cannot read: {error.strerror or error}"] += 1
            continue
        read = read_record(fmt, Version(item.relpath, now), data, options, sidecar=sidecar)
        observed = next((record for record in read.records if isinstance(record, Observation) and record.claims), None)
        if observed is not None:
            counted.records += 1
            counted.ids.setdefault(observed.claims[0].uid, []).append(item.relpath)
            if observed.stated is not None and observed.stated.word is not None:
                counted.stated[item.relpath] = observed.stated.word.written
        else:
            counted.not_read[f"a source only: {read.source_only or 'unreadable'}"] += 1
            counted.silent.append(item.relpath)
    return counted


def _sidecar(beside: Path) -> bytes | None:
    """A record's sidecar's bytes; None when there is none, or it is not a regular file (never read through a link)."""
    try:
        return read_regular(beside)
    except NotRegular:
        return None
    except FileNotFoundError:
        return None
