"""How a status and its evidence look wherever they are shown: colours, the status line, short hashes, lists.

The CLI (`status`, `verify`), the lineage renderers and the report all take their colours and
abbreviations from here, so a status looks the same everywhere.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from provgraph.status import ClaimStatus

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


def status_line(row: "ClaimStatus") -> str:
    """The start of a claim's line in the CLI: status, reason, claim and its scope."""
    return f"{styled_status(row.status)} {row.reason:<19} {row.claim}  scope={row.scope or '(global)'}"


def short_hash(digest: str | None) -> str | None:
    """The first 12 hex digits of a sha256 digest given with or without `sha256:`; None for none."""
    if not digest:
        return None
    return digest.removeprefix("sha256:")[:12]


def and_more(items: Sequence[str], limit: int, separator: str = ", ", bracketed: bool = True) -> str:
    """The first `limit` items joined, then how many were left out: `a, b (and 3 more)` or `a; b; and 3 more`."""
    shown = separator.join(items[:limit])
    if len(items) <= limit:
        return shown
    left_out = len(items) - limit
    return shown + (f" (and {left_out} more)" if bracketed else f"{separator}and {left_out} more")


__all__ = ["STATUS_COLOURS", "TERMINAL_COLOURS", "and_more", "short_hash", "status_line", "styled_status"]
