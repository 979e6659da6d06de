"""A status section kept as a log of changes: the record's status is its latest entry.

Under a status heading (`## Status`), the first paragraph or list (a list's items may stand apart by blank lines; a
line indented under an item is part of it) holds the entries. When it holds two or more and every one states a status
(`Proposed 2021-12-28` over `Approved 2023-02-18`), the status is the latest: by date when every entry writes one,
else the last entry (a log is written in order). One entry that states none (`Approved` over `By TSC vote on
2/14/22`, a note) leaves the section read by its first line. A heading named like a change log
(`## Change Log`, `## Changelog`: `lifecycle.status_named`) is read by its entries only: the latest of those that
state a status (an entry that names an edit, `Fixed typos`, changes no state), none when no entry states one.

An entry states a status when, its link targets and dates set aside, one of its first three words starts a phrase
the vocabulary reads (the store's words first): `- [approved](PR URL) (2022-07-12)`, `2021-03-01: Accepted`,
`- [original](PR URL) - approved (2023-01-03)` (a change's name before the state). Its value is its text from that
phrase (and the markup right before it) on, up to a note after a dash (` - With approvals from ...`), when that is
short (ten words at most, link targets aside: `accepted is the decision that the subject is appropriate and we will do
it.` is a definition, no entry). Lines inside an HTML comment (`<!-- ... -->`, a template's example entries) are no
entries.
"""
from __future__ import annotations

import re
from datetime import datetime
from typing import Iterator, Mapping

from provgraph.base.times import AmbiguousDate, loose_date
from provgraph.ingest import lifecycle

_BULLET = re.compile(r"\s*(?:[*+-]|\d+[.)])[ \t]+")
_TARGET = re.compile(r"\]\([^)]*\)")
_DATE = re.compile(r"\b(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{1,2}-[A-Za-z]{3,9}-\d{4}"
                   r"|\d{1,2} [A-Za-z]{3,9} \d{4}|[A-Za-z]{3,9} \d{1,2}, \d{4})\b")
_WORD = re.compile(r"[^\W_][\w'-]*")
_WORDS_BEFORE_STATE = 3
_SHORT_ENTRY = 10  # words, link targets aside: a longer line is prose (`accepted is the decision that ...`, a definition)
_NOTE = re.compile(r"\s+[-\u2013\u2014]\s+")  # `approved (2025-08-05) - With approvals from ...`: a note after it
_MARKUP = "[*_`~"  # kept before the status phrase: `[approved](PR URL)` stays a link


def change_log_named(name: str) -> bool:
    """Whether a heading is named like a change log (`Change Log`, `Changelog`, `Change-log`)."""
    return lifecycle.CHANGE_LOG.search(name.casefold()) is not None


def uncommented(lines: list[str], start: int, stop: int) -> Iterator[int]:
    """The indexes of the lines from `start` to `stop` that are not inside an HTML comment."""
    inside = False
    for index in range(start, stop):
        text = lines[index].strip()
        opened = inside or text.startswith("<!--")
        inside = opened and "-->" not in text
        if not opened:
            yield index


def latest(lines: list[str], start: int, stop: int, words: Mapping[str, str] | None,
           *, change_log: bool) -> tuple[int, str] | None:
    """The latest entry's (index, value) under a status heading whose first value line is `start` (see the module's
    rule; `change_log`: the heading is named like one), None when the rule does not apply."""
    read = [(index, entry_state(lines[index], words)) for index in _entries(lines, start, stop)]
    if not change_log and (len(read) < 2 or any(value is None for _, value in read)):
        return None
    stated = [(index, value) for index, value in read if value is not None]
    if not stated:
        return None
    dates = [_date(lines[index]) for index, _ in stated]
    if all(date is not None for date in dates):
        return stated[max(range(len(stated)), key=lambda at: (dates[at], at))]
    return stated[-1]


def entry_state(line: str, words: Mapping[str, str] | None) -> str | None:
    """An entry's text from the status phrase it states on (see the module's rule), None when it states none."""
    text = _BULLET.sub("", line.strip(), count=1) if _BULLET.match(line) else line.strip()
    masked = _DATE.sub(lambda found: " " * len(found.group()), _TARGET.sub(lambda found: " " * len(found.group()), text))
    for found in list(_WORD.finditer(masked))[:_WORDS_BEFORE_STATE]:
        reading = lifecycle.read_word(masked[found.start():], words)
        if reading is not None and reading.origin != "unrecognised":
            start = found.start()
            while start and text[start - 1] in _MARKUP:
                start -= 1
            value = _NOTE.split(text[start:].strip(), maxsplit=1)[0]
            return value if len(_WORD.findall(_TARGET.sub(" ", value))) <= _SHORT_ENTRY else None
    return None


def _entries(lines: list[str], start: int, stop: int) -> Iterator[int]:
    """The indexes of the entries' first lines: the paragraph or list at `start`, a list's items apart or not."""
    indent = len(lines[start]) - len(lines[start].lstrip())
    listed = _BULLET.match(lines[start]) is not None
    gap = False
    for index in uncommented(lines, start, stop):
        line = lines[index]
        if not line.strip():
            gap = True
            continue
        deeper = len(line) - len(line.lstrip()) > indent
        if gap and not (listed and not deeper and _BULLET.match(line)):
            return
        gap = False
        if not deeper:
            yield index


def _date(line: str) -> datetime | None:
    found = _DATE.search(_TARGET.sub(" ", line))
    if found is None:
        return None
    try:
        return loose_date(found.group())
    except AmbiguousDate:
        return None
