"""What every page but its own shows of a decision: a small **site entry** (its name, status and reason, store, scope,
since when, the claims its status names). The lists, home, feeds, search index, its
neighbours' pages and lineage pictures are written from entries alone; the manifest keeps them, so a rebuild reads
from the graph only the decisions that changed and takes every other entry as the last build left it.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, fields
from datetime import datetime, timezone
from typing import Any, Iterable

from provgraph.engine.suspects import Suspect
from provgraph.site.model import RETIRED, Decision

_SINCE = "%Y-%m-%dT%H:%M:%S.%fZ"  # one fixed width: the text sorts as the time does


@dataclass(frozen=True)
class Entry:
    uid: str
    name: str
    title: str
    status: str
    reason: str
    store: str | None
    scope: str
    question_scope: str
    since: str | None  # UTC, _SINCE
    successors: tuple[str, ...]
    conflicts_with: tuple[str, ...]
    premises: tuple[str, ...]
    premises_not_current: tuple[str, ...]
    pending: tuple[str, ...]
    amendments: tuple[str, ...]

    @classmethod
    def of(cls, decision: Decision) -> "Entry":
        s = decision.status
        return cls(uid=s.claim, name=decision.name, title=decision.title or "", status=s.status, reason=s.reason,
                   store=decision.store, scope=s.scope, question_scope=s.question_scope,
                   since=s.since.astimezone(timezone.utc).strftime(_SINCE) if s.since else None,
                   successors=tuple(s.successors), conflicts_with=tuple(s.conflicts_with), premises=tuple(s.premises),
                   premises_not_current=tuple(s.premises_not_current), pending=tuple(s.pending),
                   amendments=tuple(s.amendments))

    @classmethod
    def from_json(cls, data: list[Any]) -> "Entry":
        """The entry `to_json` wrote. Its fields are set at once (the dataclass's own __init__ sets each through
        object.__setattr__, as it is frozen: 40 ms for a site's 1,445 entries), and `data` is kept for `to_json`."""
        if len(data) != len(_FIELDS):
            raise ValueError(f"a site entry has {len(_FIELDS)} fields, not {len(data)}")
        entry = object.__new__(cls)
        entry.__dict__.update(zip(_FIELDS, data[:_LISTS] + [tuple(value) for value in data[_LISTS:]]))
        entry.__dict__["_json"] = data
        return entry

    def to_json(self) -> list[Any]:
        """The fields in order (a list: the manifest holds thousands)."""
        kept: list[Any] | None = self.__dict__.get("_json")
        return kept if kept is not None else [getattr(self, name) for name in _FIELDS]

    @property
    def day(self) -> str:
        """The day its status began (UTC), as layout.day writes it."""
        return self.since[:10] if self.since else "-"

    @property
    def stamp(self) -> str | None:
        """The second its status began, as an Atom date (UTC); None when not known."""
        return self.since[:19] + "Z" if self.since else None

    @property
    def retired(self) -> bool:
        return self.status == RETIRED

    def linked(self) -> set[str]:
        """The claims its status links it to: what revises, amends, underlies or conflicts with it."""
        return {*self.successors, *self.premises, *self.conflicts_with, *self.pending, *self.amendments}


_FIELDS = tuple(field.name for field in fields(Entry))
_LISTS = _FIELDS.index("successors")  # the fields from here on are the tuples of claim uids


@dataclass
class Listing:
    """Every decision's entry, the suspects, how many citations each decision has, when the site is built."""

    entries: dict[str, Entry]
    suspects: list[Suspect]
    citations: dict[str, int]
    built_at: datetime

    def name(self, uid: str) -> str:
        """A decision's id and title (`Decision.name`), or the uid alone for a claim the site does not hold."""
        found = self.entries.get(uid)
        return found.name if found else uid

    def statuses(self) -> dict[str, tuple[str, str, str]]:
        """uid -> (status, reason, name): what a page shows of the decisions it names."""
        return {uid: (e.status, e.reason, e.name) for uid, e in self.entries.items()}


def newest_first(entries: Iterable[Entry]) -> list[Entry]:
    """The entries that know since when their status holds, newest first (then by uid, descending): the home page's
    timeline and the feeds."""
    return sorted((e for e in entries if e.since), key=lambda e: (e.since or "", e.uid), reverse=True)


def revised(entries: Iterable[Entry]) -> dict[str, list[str]]:
    """Each decision's `revises`: the claims naming it among their successors, amendments or pending revisions."""
    found: dict[str, set[str]] = defaultdict(set)
    for entry in entries:
        for successor in (*entry.successors, *entry.amendments, *entry.pending):
            found[successor].add(entry.uid)
    return {uid: sorted(targets) for uid, targets in found.items()}
