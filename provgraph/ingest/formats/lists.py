"""A status given as a list rather than a line: a GitHub task list whose ticked item is the status (`Status:` or
`## Status` over `- [ ] Active`, `- [x] Integrated`), and a template's instruction kept over the list it offers
(`Status should be one of the following:` then `#. Implemented in yt-3.0`), whose one item left is the status.

An unticked box is never a status; a task list with no box ticked, or several, states none (an empty value, counted
with the records that state no status, never a guess). The same for an instruction's list of several items: the
template's choices, kept.
"""
from __future__ import annotations

import re
from typing import Iterator

from provgraph.ingest.formats.field import Field

_TASK = re.compile(r"\s*[*+-][ \t]+\[([ xX])\][ \t]*(.*)")
_ITEM = re.compile(r"\s*(?:[*+-]|#\.|\d{1,3}[.)]|[a-zA-Z][.)])[ \t]+(?=\S)")  # `- `, `* `, `#. `, `1. `, `2) `, `a. `
_HEADING = re.compile(r"\s{0,3}#{1,6}(?:\s|$)")


def task_item(line: str) -> bool:
    """Whether the line is an item of a GitHub task list (`- [ ] Active`, `* [x] Integrated`)."""
    return _TASK.fullmatch(line.rstrip()) is not None


def ticked(lines: list[str], index: int) -> Field:
    """The task list starting at `index` read as a status: the text of its one ticked item, on its line; an empty
    value on the list's first line when no box, or more than one, is ticked. Blank lines between items do not end
    the list."""
    chosen = [(at, found.group(2).strip()) for at in _items(lines, index, _TASK)
              if (found := _TASK.fullmatch(lines[at].rstrip())) and found.group(1) in "xX"]
    if len(chosen) != 1:
        return Field("", index + 1)
    at, text = chosen[0]
    return Field(text, at + 1)


def introduces_list(lines: list[str], index: int, stop: int) -> bool:
    """Whether the line at `index` ends with a colon and the next line of text (before `stop`) starts a list."""
    after = _next_text(lines, index + 1, stop)
    return lines[index].rstrip().endswith(":") and after < stop and _ITEM.match(lines[after]) is not None


def listed(lines: list[str], index: int, stop: int) -> Field:
    """The list after the instruction at `index` read as a status: a task list by its ticked item (`ticked`); else
    its one item (its marker aside), or an empty value on the instruction's line when it keeps several items."""
    first = _next_text(lines, index + 1, stop)
    if task_item(lines[first]):
        return ticked(lines, first)
    items = list(_items(lines, first, _ITEM, stop))
    if len(items) != 1:
        return Field("", index + 1)
    return Field(_ITEM.sub("", lines[items[0]], count=1).strip(), items[0] + 1)


def _items(lines: list[str], index: int, marker: re.Pattern[str], stop: int | None = None) -> Iterator[int]:
    """The indexes of the list's items from `index`: lines the marker starts at the first item's indentation; a line
    indented deeper continues an item; a blank line ends the list unless an item follows it; a heading ends it."""
    stop = len(lines) if stop is None else stop
    depth = _indent(lines[index])
    at = index
    while at < stop:
        line = lines[at]
        if not line.strip():
            after = _next_text(lines, at, stop)
            if after >= stop or _indent(lines[after]) != depth or not marker.match(lines[after]):
                return
            at = after
            continue
        if _HEADING.match(line):
            return
        if _indent(line) == depth and marker.match(line):
            yield at
        elif _indent(line) <= depth:
            return
        at += 1


def _next_text(lines: list[str], index: int, stop: int) -> int:
    while index < stop and not lines[index].strip():
        index += 1
    return index


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
