"""How a status and its evidence look wherever they are shown: colours, the status line, short hashes, lists.

The CLI (`status`, `verify`), the lineage renderers and the report all take their colours and
abbreviations from here, so a status looks the same everywhere.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from provgraph.engine.status import ClaimStatus

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


def revoked_line(result: dict[str, Any]) -> str:
    """`revoked adj:... from T: it kept A over B in scope S (decided T0 by U: why)`: what the uid stood for."""
    if result["kind"] == "distinct":
        what = f"it marked {' and '.join(result['distinct'])} distinct"
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


__all__ = ["STATUS_COLOURS", "TERMINAL_COLOURS", "distinct_line", "revoked_line", "status_line", "styled_status"]
