"""One claim's status as an answer: `ClaimStatus`, judged for a (question scope, time) by provgraph/engine/status.py, with
the JSON object `status --format json` prints for it and the words that say who made it so (`why`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable, Sequence

from provgraph.base.text import and_more
from provgraph.base.times import native, to_iso

RIVALS_SHOWN = 5  # rivals named on a status line; the rest counted (a key can have thousands of values)


@dataclass(frozen=True)
class ClaimStatus:
    """One claim judged for (question scope, time)."""

    claim: str
    status: str
    reason: str
    scope: str
    question_scope: str
    subject: str | None = None
    value: str | None = None
    declared: str | None = None
    text: str | None = None
    placeholder: bool = False
    source: str | None = None  # the source's uid: stable, the path it was first recorded under
    path: str | None = None  # where the record lived at the time asked (a git rename moves it)
    aliases: tuple[str, ...] = ()  # the paths it had before, by then
    snapshot: str | None = None  # "sha256:<hex>"
    snapshot_uid: str | None = None
    lines: tuple[int, int] | None = None
    asserted_at: datetime | None = None
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    successors: tuple[str, ...] = ()
    conflicts_with: tuple[str, ...] = ()
    premises: tuple[str, ...] = ()
    premises_not_current: tuple[str, ...] = ()
    pending: tuple[str, ...] = ()  # direct revisers not in force yet (proposed, on hold, an unrecognised word)
    amendments: tuple[str, ...] = ()  # direct amending claims (AMENDS), in force or pending
    # the account (provgraph.engine.account): since when, and the record / adjudication / expiry that made it so
    since: datetime | None = None
    because_kind: str | None = None
    because: str | None = None
    because_snapshot: str | None = None
    because_commit: str | None = None
    because_author: str | None = None
    because_committer: str | None = None
    because_file: str | None = None
    because_line: int | None = None
    because_by: str | None = None
    premise_verdicts: tuple[str, ...] = ()  # "STATUS REASON" of each premise not current, at the question scope
    successor_scopes: tuple[str, ...] = ()  # the scope each successor's edge acts in ('' everywhere)
    successors_elsewhere: tuple[str, ...] = ()  # in force only in a scope the question does not cover
    successors_elsewhere_scopes: tuple[str, ...] = ()
    at: datetime | None = field(default=None, compare=False)

    @classmethod
    def from_row(cls, row: dict[str, Any], at: datetime | None = None) -> "ClaimStatus":
        lines = None
        if row.get("line_start") is not None:
            first = int(row["line_start"])
            last = int(row["line_end"]) if row.get("line_end") is not None else first
            lines = (first, last)
        return cls(
            claim=row["claim"],
            status=row["status"],
            reason=row["reason"],
            scope=row.get("scope") or "",
            question_scope=row.get("question_scope") or "",
            subject=row.get("subject"),
            value=row.get("value"),
            declared=row.get("declared"),
            text=row.get("text"),
            placeholder=bool(row.get("placeholder")),
            source=row.get("source"),
            path=row.get("path"),
            aliases=tuple(row.get("aliases") or ()),
            snapshot=f"sha256:{row['snapshot']}" if row.get("snapshot") else None,
            snapshot_uid=row.get("snapshot_uid"),
            lines=lines,
            asserted_at=native(row.get("asserted_at")),
            valid_from=native(row.get("valid_from")),
            valid_until=native(row.get("valid_until")),
            successors=tuple(row.get("successors") or ()),
            conflicts_with=tuple(row.get("conflicts_with") or ()),
            premises=tuple(row.get("premises") or ()),
            premises_not_current=tuple(row.get("premises_not_current") or ()),
            pending=tuple(row.get("pending") or ()),
            amendments=tuple(row.get("amendments") or ()),
            since=native(row.get("since")),
            because_kind=row.get("because_kind"),
            because=row.get("because"),
            because_snapshot=row.get("because_snapshot"),
            because_commit=row.get("because_commit"),
            because_author=row.get("because_author"),
            because_committer=row.get("because_committer"),
            because_file=row.get("because_file"),
            because_line=int(row["because_line"]) if row.get("because_line") is not None else None,
            because_by=row.get("because_by"),
            premise_verdicts=tuple(row.get("premise_verdicts") or ()),
            successor_scopes=tuple(row.get("successor_scopes") or ()),
            successors_elsewhere=tuple(row.get("successors_elsewhere") or ()),
            successors_elsewhere_scopes=tuple(row.get("successors_elsewhere_scopes") or ()),
            at=at,
        )

    @property
    def location(self) -> str | None:
        """Where the cited record lives, as `<store>:<path>`: the current file of a renamed record, not its uid."""
        return location(self.source, self.path)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object `status --format json` prints (docs/design.md "Command contract" fields first, then extras).

        The as-of time is left out so that two runs over the same graph print the same bytes.
        """
        return {
            "claim": self.claim,
            "status": self.status,
            "reason": self.reason,
            "scope": self.scope,
            "subject": self.subject,
            "value": self.value,
            "source": self.source,
            "path": self.path,
            "aliases": list(self.aliases),
            "snapshot": self.snapshot,
            "lines": list(self.lines) if self.lines else None,
            "successors": list(self.successors),
            "conflicts_with": list(self.conflicts_with),
            "question_scope": self.question_scope,
            "declared": self.declared,
            "placeholder": self.placeholder,
            "premises": list(self.premises),
            "premises_not_current": list(self.premises_not_current),
            "asserted_at": to_iso(self.asserted_at),
            "valid_from": to_iso(self.valid_from),
            "valid_until": to_iso(self.valid_until),
            "pending": list(self.pending),
            "amendments": list(self.amendments),
            "since": to_iso(self.since),
            "because_kind": self.because_kind,
            "because": self.because,
            "because_snapshot": self.because_snapshot,
            "because_commit": self.because_commit,
            "because_author": self.because_author,
            "because_committer": self.because_committer,
            "because_file": self.because_file,
            "because_line": self.because_line,
            "because_by": self.because_by,
            "successor_scopes": list(self.successor_scopes),
            "successors_elsewhere": [{"claim": uid, "scope": scope} for uid, scope
                                     in zip(self.successors_elsewhere, self.successors_elsewhere_scopes)],
            "premise_verdicts": list(self.premise_verdicts),
        }

    def to_json(self) -> str:
        """One claim's object as `status --format json` prints it in its array."""
        import json

        return json.dumps(self.to_dict(), sort_keys=False)

    def why(self) -> str:
        """Who made the status and in which scope: `-> B (in scope org/acme/fx) (SUPERSEDED)` (a scope is named when it
        is not the question's and not global); '' when nobody did."""
        return why_text(self.reason, self.question_scope, self.successors, self.successor_scopes, self.conflicts_with,
                   self.premises_not_current, self.premise_verdicts, zip(self.successors_elsewhere, self.successors_elsewhere_scopes))


def location(source: str | None, path: str | None) -> str | None:
    """`ClaimStatus.location` of a claim cited from `source` at `path`."""
    if source is None or not path or source == path or source.endswith(":" + path):
        return source  # not renamed (or a locator that already names its store): the uid says where
    store = source.split(":", 1)[0] if ":" in source else ""
    return f"{store}:{path}" if store else path


def why_text(reason: str, question_scope: str, successors: Sequence[str], successor_scopes: Sequence[str],
        conflicts_with: Sequence[str], premises_not_current: Sequence[str], premise_verdicts: Sequence[str],
        elsewhere: Iterable[tuple[str, str]]) -> str:
    """`ClaimStatus.why()` of a claim with these values; `elsewhere`: (uid, scope) of each successor in force elsewhere."""
    question = question_scope or "(global)"
    if successors:
        scopes = successor_scopes if len(successor_scopes) == len(successors) else ("",) * len(successors)
        named = ", ".join(f"{uid} (in scope {scope})" if scope not in ("", question_scope) else uid
                          for uid, scope in zip(successors, scopes))
        return f"-> {named} ({reason})"
    if conflicts_with:
        return f"<> {and_more(conflicts_with, RIVALS_SHOWN)} ({reason})"
    if premises_not_current:
        if len(premise_verdicts) == len(premises_not_current):
            named = ", ".join(f"{uid} [{verdict} in scope {question}]"
                              for uid, verdict in zip(premises_not_current, premise_verdicts))
        else:
            named = ", ".join(premises_not_current)
        return f"needs {named} ({reason})"
    elsewhere = list(elsewhere)
    if elsewhere:
        named = ", ".join(f"{uid} (in force in scope {scope or '(global)'}, not in {question})" for uid, scope in elsewhere)
        return f"-> {named} ({reason})"
    return ""


__all__ = ["RIVALS_SHOWN", "ClaimStatus", "location", "why_text"]
