"""Plain records that ingesters produce and the pipeline writes. No database here.

An ingester turns bytes into a stream of `Observation`s (one exact version of one
source, with every claim it cites and every edge it records), `Quarantined` records
(input it could not parse), `Notice`s (things worth reporting that are not errors) and
`Skipped` files (left out on purpose, counted in the summary).

An Observation is the *complete* statement of its snapshot: a claim or edge that an
earlier snapshot of the same source carried and this one lacks is, from this
snapshot's time on, no longer said by that source (the design's time rule).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable, Union

from provgraph.ingest.lifecycle import CANONICAL, WordReading

# Lifecycle words a document may declare about its own claim (normalised, lower case).
DECLARED_WORDS = CANONICAL  # the canonical lifecycle words (provgraph/ingest/lifecycle.py)


@dataclass(frozen=True)
class SourceRecord:
    uid: str  # "<store>:<locator>"
    locator: str  # file path relative to the store root, ticket key, "<log file>#<entry id>", card id
    kind: str  # markdown, ticket, log-entry, card
    url: str | None = None
    title: str | None = None
    container: str | None = None  # the file a record-inside-an-export came from


@dataclass(frozen=True)
class SnapshotRecord:
    sha256: str  # hex digest of the exact bytes (canonical JSON for a record inside an export)
    revised_at: datetime  # the source's own time, UTC-aware
    version: str | None = None  # commit id, card generation, ticket updated stamp ...
    deleted: bool = False  # tombstone: the source was deleted or renamed away
    # revised_at is the record's own date (a plain file's Date line), which stays put when the file
    # is edited: changed_at (its mtime) is the time to use when revised_at would not come after the
    # source's stored latest snapshot.
    changed_at: datetime | None = None
    # Who made this version, where the store says (git: the commit's author and committer; "Name <email>")
    author: str | None = None
    authored_at: datetime | None = None
    committer: str | None = None


@dataclass(frozen=True)
class ClaimRecord:
    uid: str
    text: str = ""
    aliases: tuple[str, ...] = ()
    subject: str | None = None
    value: str | None = None
    scope: str | None = None  # None: the pipeline applies the store's default scope
    asserted_at: datetime | None = None
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    declared: str | None = None  # one of DECLARED_WORDS, else the unrecognised word as written
    line_start: int | None = None
    line_end: int | None = None
    quote_sha256: str | None = None  # sha256 of the cited lines' exact text
    status_line: int | None = None  # the 1-based line that states the declared word (Status line, front matter)
    # the records its record's text names, as keys (provgraph/base/mentions.py), declared links left out; None: the
    # pipeline reads them from `text`
    mentions: tuple[str, ...] | None = None
    changes: tuple[str, ...] | None = None  # ... of those, the ones named in a sentence that says it changes them


@dataclass(frozen=True)
class EdgeRecord:
    """A relationship a snapshot records. Direction: successor -> predecessor, dependent -> premise.

    Both ends are references as the input wrote them, already normalised by the ingester
    to something the pipeline can resolve by claim uid or alias (an id, a store-relative
    path, a url, `owner/repo#12`, a Jira key). Unresolvable targets become placeholders.
    """

    kind: str  # one of EDGE_KINDS (provgraph/base/edges.py)
    from_ref: str
    to_ref: str
    verb: str | None = None  # RELATES only
    scope: str | None = None  # None: the successor's scope
    asserted_at: datetime | None = None  # None: the snapshot's revised_at
    line: int | None = None  # the 1-based line of the recording file that states it (`Superseded by [..]`)


@dataclass(frozen=True)
class StatusStated:
    """What a record file states of its own status, for the summary's `words` lines (provgraph/ingest/word_readings.py):
    its status word as read, or none; then whether it has metadata and which of its fields hold status-like words."""

    word: WordReading | None = None
    metadata: bool = False  # it has metadata (front matter, declared fields) where it could have stated one
    status_like: tuple[tuple[str, str], ...] = ()  # with no word: (field, value) the vocabulary reads as a status word


@dataclass(frozen=True)
class Observation:
    source: SourceRecord
    snapshot: SnapshotRecord
    claims: tuple[ClaimRecord, ...] = ()
    edges: tuple[EdgeRecord, ...] = ()
    append_only_group: str | None = None  # log file: entries of one group must never change
    sequence: int | None = None  # position inside the append-only group (line number)
    unclaimed: str | None = None  # why a record file's snapshot carries no claim ("no status field"), for the summary
    stated: StatusStated | None = None  # a record file's status word as read (None: no record file, a tombstone)


@dataclass(frozen=True)
class Quarantined:
    file: str
    line: int | None
    reason: str


@dataclass(frozen=True)
class Notice:
    kind: str  # e.g. one_sided_link, unknown_link_type
    subject: str
    detail: str


@dataclass(frozen=True)
class Skipped:
    """A file the ingester left out on purpose (a template, an index page, an --exclude glob)."""

    file: str
    reason: str


@dataclass(frozen=True)
class FileEnd:
    """How far a line-streamed file was read, yielded after its last record: its first `length` bytes (through its
    last LF) hash to `sha256` and hold `lines` lines and `entries` entries, the last of them the source `last`.
    The next ingest reads the file from this kept end when those bytes are unchanged (provgraph/ingest/kept.py)."""

    file: str
    length: int
    sha256: str
    lines: int
    entries: int
    last: str


@dataclass(frozen=True)
class Resumed:
    """Yielded before the records of a file read from its kept end `kept`: the lines before it are not read again."""

    file: str
    kept: FileEnd


Record = Union[Observation, Quarantined, Notice, Skipped, FileEnd, Resumed]


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def canonical_json(value: Any) -> bytes:
    """Canonical bytes for a record inside a larger export: sorted keys, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def quote_hash(lines: Iterable[str]) -> str:
    return sha256_hex("\n".join(lines).encode("utf-8"))


@dataclass
class IngestOptions:
    store: str
    scope: str = ""
    path: str = ""
    options: dict[str, Any] = field(default_factory=dict)
