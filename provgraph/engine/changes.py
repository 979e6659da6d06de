"""What changed between two instants: every claim whose status (or reason) at `start` differs from the one at `end`.

Both sides are the status of the default question (each claim's own scope) or of one question scope, computed as
`status --at` computes them; the moment of each change and what made it are the account of the status at `end`
(provgraph.engine.account): `since` (when the status it has at `end` began), the record or adjudication, its
commit, author, committer, file and line. A claim not yet asserted at `start` shows as UNKNOWN NOT_YET_ASSERTED.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Iterator

from provgraph.base.times import parse_moment
from provgraph.base.errors import NotFound, UsageError
from provgraph.base.times import to_iso
from provgraph.engine.claim_status import ClaimStatus
from provgraph.engine.status import iter_status, status
from provgraph.graph.connection import Graph

COLUMNS = ["claim", "before_status", "before_reason", "after_status", "after_reason", "changed_at", "because_kind",
           "because", "because_commit", "because_author", "because_committer", "because_file", "because_line",
           "because_by", "scope", "source"]


@dataclass(frozen=True)
class Change:
    """One claim whose status differs between the two instants, with the account of its status at the later one."""

    before: ClaimStatus
    after: ClaimStatus

    @property
    def changed_at(self) -> datetime | None:
        return self.after.since

    def to_dict(self) -> dict[str, Any]:
        after = self.after
        return {
            "claim": after.claim, "before_status": self.before.status, "before_reason": self.before.reason,
            "after_status": after.status, "after_reason": after.reason, "changed_at": to_iso(after.since),
            "because_kind": after.because_kind, "because": after.because, "because_commit": after.because_commit,
            "because_author": after.because_author, "because_committer": after.because_committer,
            "because_file": after.because_file, "because_line": after.because_line, "because_by": after.because_by,
            "scope": after.scope, "source": after.source,
        }


def _rows(graph: Graph, claims: list[str] | None, scope: str | None, at: datetime) -> Iterator[ClaimStatus]:
    if claims is None:
        return iter_status(graph, scope=scope, at=at)
    return iter(status(graph, claims, scope=scope, at=at) if claims else [])


def changes(graph: Graph, start: datetime | str, end: datetime | str | None = None, *, scope: str | None = None,
            store: str | None = None) -> list[Change]:
    """Every claim (of `store`, when given) whose status or reason at `start` differs from the one at `end`
    (default now), sorted by the moment it changed, then by uid."""
    begin, finish = parse_moment(start, "--from", missing="now"), parse_moment(end, "--to", missing="now")
    if begin >= finish:
        raise UsageError(f"--from {to_iso(begin)} must come before --to {to_iso(finish)}")
    claims = None
    if store is not None:
        claims = [row["claim"] for row in graph.read("changes_claims", {"store": store})]
        if not claims and store not in {row["store"] for row in graph.read("store_names")}:
            raise NotFound(f"no store named {store!r}")
    before = {row.claim: row for row in _rows(graph, claims, scope, begin)}
    found = [Change(before[row.claim], row) for row in _rows(graph, claims, scope, finish)
             if row.claim in before and (before[row.claim].status, before[row.claim].reason) != (row.status, row.reason)]
    found.sort(key=lambda change: (to_iso(change.changed_at) or "", change.after.claim))
    return found


__all__ = ["COLUMNS", "Change", "changes"]
