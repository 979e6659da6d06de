"""How a status and its evidence look wherever they are shown: colours, the status line, short hashes, lists.

The CLI (`status`, `verify`), the lineage renderers and the report all take their colours and
abbreviations from here, so a status looks the same everywhere.
"""
from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from provgraph.engine.claim_status import ClaimStatus

# The formats `provgraph lineage` draws in (provgraph.views.lineage), here so the CLI declares them without loading it
RENDERERS = ("tree", "json", "mermaid", "dot")

# The terminal colour of each status (click names); CONFLICT is also bold.
TERMINAL_COLOURS = {"ACTIVE": "green", "STALE": "bright_black", "CONFLICT": "red", "UNKNOWN": "yellow"}
# The colours of a status in every picture of a lineage (Mermaid classes, Graphviz, the report's SVG and
# table cells): fill, stroke, text
STATUS_COLOURS = {
    "ACTIVE": ("#d4f7d4", "#2e7d32", None),
    "STALE": ("#eeeeee", "#757575", "#555555"),
    "CONFLICT": ("#ffd6d6", "#c62828", None),
    "UNKNOWN": ("#fff4c2", "#f9a825", None),
}


def styled_status(status: str) -> str:
    """The status padded to one column width, in its terminal colour (click strips it when not a terminal)."""
    import click

    return click.style(f"{status:<8}", fg=TERMINAL_COLOURS.get(status), bold=status == "CONFLICT")


def instant(moment: datetime | None) -> str:
    """A UTC instant as the CLI shows it: 2024-03-01T10:00:00Z."""
    if moment is None:
        return "-"
    return moment.astimezone(timezone.utc).replace(tzinfo=None).isoformat(timespec="seconds") + "Z"


def short_version(version: str) -> str:
    """A git commit id cut to 12 hex digits; any other version (a ticket's updated stamp) as it is."""
    return version[:12] if re.fullmatch(r"[0-9a-f]{40}", version) else version


def account_text(row: "ClaimStatus") -> str:
    """The account of a status on one line: since when, what made it so, at which commit, by whom, file:line."""
    if row.since is None and row.because is None:
        return ""
    return account_words(instant(row.since), row.because_kind, row.because, row.because_commit, row.because_author,
                         row.because_committer, row.because_file, row.because_line, row.because_by)


def iso_instant(text: str | None) -> str:
    """`instant` of a time given as provgraph prints it (`to_iso`: UTC, a Z): cut to the second."""
    return "-" if text is None else text[:19] + "Z"


def account_words(since: str, kind: str | None, because: str | None, commit: str | None, author: str | None,
                  committer: str | None, file: str | None, line: int | None, by: str | None) -> str:
    """`account_text` of an account with these values, `since` already as `instant` shows it."""
    parts = [f"since {since}"]
    if kind == "adjudication":
        parts.append(f"because {because} (adjudication by {by or '-'})")
    elif kind == "expiry":
        parts.append("because valid_until passed")
    elif because:
        parts.append(f"because {because}")
    if commit:
        parts.append(f"@{short_version(commit)}")
    if author:
        who = author
        if committer and committer != author:
            who += f" (committed by {committer})"
        parts.append(f"by {who}")
    if file:
        parts.append(f"at {file}" + (f":{line}" if line else ""))
    return " ".join(parts)


def status_line(row: "ClaimStatus") -> str:
    """The start of a claim's line in the CLI: status, reason, claim and its scope."""
    return status_words(row.status, row.reason, row.claim, row.scope)


def status_words(status: str, reason: str, claim: str, scope: str) -> str:
    """`status_line` of a claim with these values."""
    return f"{styled_status(status)} {reason:<19} {claim}  scope={scope or '(global)'}"


def revoked_line(result: dict[str, Any]) -> str:
    """`revoked adj:... from T: it kept A over B in scope S (decided T0 by U: why)`: what the uid stood for."""
    if result["kind"] == "distinct":
        what = f"it marked {' and '.join(result['distinct'])} distinct"
    elif result["kind"] in ("relates", "depends_on"):
        verb = "relates to" if result["kind"] == "relates" else "depends on"
        what = f"it recorded that {result.get('source')} {verb} {result.get('target')}"
    else:
        what = f"it kept {', '.join(result['keeps'])} over {', '.join(result['retires'])}"
        what += f" in scope {result['scope']}" if result["scope"] else ""
    why = f": {result['why']}" if result["why"] else ""
    return (f"revoked {result['adjudication']} from {result['revoked_at']}: {what} "
            f"(decided {result['decided_at']} by {result['by'] or '-'}{why})")


def distinct_line(result: dict[str, Any]) -> str:
    """`a and b are distinct since T (by U, why: W)`: a `--distinct` already in force."""
    return (f"{' and '.join(result['distinct'])} are distinct since {result['decided_at']} (by {result['by'] or '-'}, "
            f"why: {result['why'] or '-'})")


__all__ = ["STATUS_COLOURS", "TERMINAL_COLOURS", "account_text", "account_words", "distinct_line", "instant", "iso_instant",
           "revoked_line", "short_version", "status_line", "status_words", "styled_status"]
