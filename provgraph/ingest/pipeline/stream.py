"""Reading an input twice so that it never sits in memory whole: once to check it and index its names, then again in
batches that are written one at a time.

The first pass (`index_input`) reads every record and keeps only a compact index: how many observations, the
skipped files and reading notes, each record file's status word (`WordTally`), and the names this input defines
(claim uids, aliases, and the log entries of each append-only file) as sorted 64-bit digests, 8 bytes a name. An
input that is unusable as a whole raises InputError during this pass, before anything is written. The second pass
(`read_batches`) reads the records again and hands them over a batch at a time, observations with the quarantines
and notices read among them.
"""
from __future__ import annotations

from array import array
from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from provgraph.ingest.records import FileEnd, Notice, Observation, Quarantined, Record, Resumed, Skipped
from provgraph.ingest.regular import NOTICE_KIND as LEFT_OUT
from provgraph.ingest.word_readings import WordTally

READING_NOTICES = ("date_order", LEFT_OUT)  # notices about how the store was read: the summary's `reading` lines, not findings
Records = Iterable[Record] | Callable[[], Iterable[Record]]


class NameSet:
    """A set of names held as sorted 64-bit digests: membership only, 8 bytes a name.

    Two names share a digest with odds of about n^2 / 2^65 (1e-8 for a million names); the cost of one such
    collision is a reference taken for a name of this input, so it gets a placeholder rather than a warning.
    """

    def __init__(self) -> None:
        self._digests = array("q")
        self._frozen = False

    def add(self, name: str) -> None:
        self._digests.append(hash(name))
        self._frozen = False

    def freeze(self) -> None:
        """Sort for lookups (a set is frozen before its first `in`)."""
        if not self._frozen:
            self._digests = array("q", sorted(self._digests))
            self._frozen = True

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        self.freeze()
        digest = hash(name)
        at = bisect_left(self._digests, digest)
        return at < len(self._digests) and self._digests[at] == digest

    def repeated(self) -> set[int]:
        """The digests added more than once (few: the input's repeated names)."""
        self.freeze()
        digests = self._digests
        return {digests[i] for i in range(1, len(digests)) if digests[i] == digests[i - 1]}

    def __len__(self) -> int:
        return len(self._digests)


def group_key(observation: Observation) -> str:
    """The append-only file an entry belongs to."""
    return observation.source.container or observation.append_only_group or ""


@dataclass
class InputIndex:
    """What the first pass keeps of an input: counts and the names it defines, not its records."""

    observations: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    readings: list[str] = field(default_factory=list)
    uids: NameSet = field(default_factory=NameSet)  # claim uids
    aliases: NameSet = field(default_factory=NameSet)  # claim aliases
    entries: dict[str, NameSet] = field(default_factory=dict)  # append-only file -> its entries' source uids
    repeated_entries: set[int] = field(default_factory=set)  # digests of entry sources the input holds more than once
    unclaimed: dict[str, str] = field(default_factory=dict)  # record files without a claim (latest version) -> why
    claimed: bool = False  # some snapshot carries a claim
    stated: bool = False  # some claim states a status word (files: else a declaration is proposed)
    resumed: dict[str, FileEnd] = field(default_factory=dict)  # file -> the kept end it was read from
    ends: dict[str, FileEnd] = field(default_factory=dict)  # file -> how far it was read now, to keep
    tail_sources: list[str] = field(default_factory=list)  # the sources read after a kept end (the tails: few)
    words: WordTally = field(default_factory=WordTally)  # each record file's status word, its latest version

    def has_entry(self, group: str, source_uid: str) -> bool:
        names = self.entries.get(group)
        return names is not None and source_uid in names


def index_input(records: Iterable[Record], progress: Callable[[], None] | None = None) -> InputIndex:
    """Read every record once, keeping the index only. An InputError raised by the reader passes through."""
    index = InputIndex()
    skipped: dict[str, int] = defaultdict(int)
    entries: dict[str, NameSet] = defaultdict(NameSet)
    tail = False
    for record in records:
        if isinstance(record, Observation):
            index.observations += 1
            if tail:
                index.tail_sources.append(record.source.uid)
            for claim in record.claims:
                index.uids.add(claim.uid)
                for alias in claim.aliases:
                    if alias:
                        index.aliases.add(alias)
            if record.append_only_group:
                entries[group_key(record)].add(record.source.uid)
            index.claimed = index.claimed or bool(record.claims)
            index.stated = index.stated or any(claim.declared for claim in record.claims)
            index.words.observe(record)
            if record.unclaimed and not record.claims:
                index.unclaimed[record.source.uid] = record.unclaimed
            else:
                index.unclaimed.pop(record.source.uid, None)
        elif isinstance(record, Notice) and record.kind in READING_NOTICES:
            index.readings.append(record.detail)
        elif isinstance(record, Skipped):
            skipped[record.reason] += 1
        elif isinstance(record, Resumed):
            index.resumed[record.file] = record.kept
            tail = True
        elif isinstance(record, FileEnd):
            index.ends[record.file] = record
            tail = False

        if progress:
            progress()
    index.skipped = dict(skipped)
    index.entries = dict(entries)
    index.uids.freeze()
    index.aliases.freeze()
    for names in index.entries.values():
        index.repeated_entries |= names.repeated()
    return index


@dataclass
class Batch:
    """Consecutive records of an input: at most `size` observations, with the quarantines and notices among them."""

    observations: list[Observation] = field(default_factory=list)
    quarantined: list[Quarantined] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.observations or self.quarantined or self.notices)


def read_batches(records: Iterable[Record], size: int) -> Iterator[Batch]:
    """The second pass: the records again, one batch at a time (reading notes and skipped files were counted in the
    first). A batch is also cut at `size` quarantines and notices, so a file of bad lines is held a batch at a time."""
    batch = Batch()
    for record in records:
        if isinstance(record, Observation):
            batch.observations.append(record)
        elif isinstance(record, Quarantined):
            batch.quarantined.append(record)
        elif isinstance(record, Notice) and record.kind not in READING_NOTICES:
            batch.notices.append(record)
        if len(batch.observations) >= size or len(batch.quarantined) + len(batch.notices) >= size:
            yield batch
            batch = Batch()
    if batch:
        yield batch


def rereadable(records: Records) -> Callable[[], Iterable[Record]]:
    """A way to read the records afresh each time: a callable as it is; a list or tuple as it is (it is held already);
    any other iterable, such as a generator that can be read only once, listed first."""
    if callable(records):
        return records
    held = records if isinstance(records, (list, tuple)) else list(records)
    return lambda: held


__all__ = ["Batch", "InputIndex", "NameSet", "READING_NOTICES", "Records", "group_key", "index_input",
           "read_batches", "rereadable"]
