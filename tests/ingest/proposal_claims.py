"""What `ingest files` reads as claims with a proposal applied unedited: the held-out proposal tests' shared reader.
Pure (no database)."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from provgraph.ingest.formats.declaration import declared
from provgraph.ingest.formats.proposal import Proposal
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.records import IngestOptions, Observation

WHEN = datetime(2026, 1, 1, tzinfo=timezone.utc)
MD = ".md"  # kept apart: the docs test reads a quoted name ending .md as a file of the repository


def read_as_claims(proposal: Proposal, root: Path, suffix: str = MD) -> dict[str, tuple[str, str | None]]:
    """record path -> (uid, declared word) of every file the proposal reads as a claim, as `ingest files` reads it
    (the files whose names end with `suffix`)."""
    table = proposal.store_table()
    fmt = declared({**table["record"], "words": table["words"]}, "proposal")
    found = {}
    for file in sorted(root.rglob("*" + suffix)):
        relpath = file.relative_to(root).as_posix()
        if not fmt.is_record_name(relpath) or fmt.skip_reason(relpath):
            continue
        read = read_record(fmt, Version(relpath, WHEN), file.read_bytes(), IngestOptions(store="s"))
        for record in read.records:
            if isinstance(record, Observation) and record.claims:
                found[relpath] = (record.claims[0].uid, record.claims[0].declared)
    return found
