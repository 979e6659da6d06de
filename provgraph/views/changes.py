"""`provgraph changes` as a table, Markdown or CSV (JSON is the engine's to_dict): one line per changed claim."""
from __future__ import annotations

from typing import Sequence

from provgraph.base.escape import csv_text, markdown_text
from provgraph.engine.changes import COLUMNS, Change
from provgraph.views.display import account_text, instant, short_version


def _transition(change: Change) -> str:
    return (f"{change.before.status} {change.before.reason} -> {change.after.status} {change.after.reason}")


def render_table(found: Sequence[Change]) -> str:
    """One line each: when, the claim, before -> after, and the account (because, commit, author, file:line)."""
    if not found:
        return "no status changed between the two instants"
    lines = []
    for change in found:
        account = account_text(change.after).split(" ", 2)[2] if change.after.since is not None else account_text(change.after)
        lines.append(f"{instant(change.changed_at)}  {change.after.claim}  {_transition(change)}  {account}".rstrip())
    return "\n".join(lines)


def _cell(value: object) -> str:
    return "" if value is None else markdown_text(str(value))


def render_markdown(found: Sequence[Change], start: str, end: str) -> str:
    """A Markdown table for a reviewer: the window, then one row per change."""
    header = ["changed at", "claim", "before", "after", "because", "commit", "author", "where"]
    out = [f"# Status changes from {markdown_text(start)} to {markdown_text(end)}", "", f"{len(found)} claim(s) changed.", ""]
    out.append("| " + " | ".join(header) + " |")
    out.append("|" + "---|" * len(header))
    for change in found:
        after = change.after
        because = after.because or ""
        if after.because_kind == "adjudication":
            because += f" (adjudication by {after.because_by or '-'})"
        where = f"{after.because_file}:{after.because_line}" if after.because_file and after.because_line else after.because_file
        cells = [instant(change.changed_at), after.claim, f"{change.before.status} {change.before.reason}",
                 f"{after.status} {after.reason}", because, short_version(after.because_commit) if after.because_commit else "",
                 after.because_author, where]
        out.append("| " + " | ".join(_cell(cell) for cell in cells) + " |")
    return "\n".join(out) + "\n"


def render_csv(found: Sequence[Change]) -> str:
    return csv_text(COLUMNS, ([change.to_dict()[column] for column in COLUMNS] for change in found))


__all__ = ["render_csv", "render_markdown", "render_table"]
