"""The patterns place, the last resort that always works: a declared role read by a regular expression with one
group over a record's first lines (`patterns = { status = '^Status:\\s*(\\w+)' }`)."""
from __future__ import annotations

import re
from typing import Mapping

from provgraph.ingest.formats.metadata import PREAMBLE_LINES, Field, Fields


def patterned(lines: list[str], patterns: Mapping[str, re.Pattern[str]], listed: frozenset[str] = frozenset()) -> Fields:
    """role -> its pattern's value in the first `PREAMBLE_LINES` lines: the one group of its first match, stripped, on
    the line it starts on (a match whose group is empty gives no value). A `listed` role (a link) gives a list: the
    group of every match, and after each the lines written as the group's line is with another value in its place
    (`<spec>XEP-0008</spec>` then `<spec>XEP-0153</spec>`; `- TEP-0107` then `- TEP-0108`), on the first one's line."""
    text = "\n".join(lines[:PREAMBLE_LINES])
    found: Fields = {}
    for role, pattern in patterns.items():
        values: dict[str, int] = {}  # value -> its line, in order
        first = pattern.search(text)
        for matched in pattern.finditer(text) if role in listed else [first] if first else []:
            value = (matched.group(1) or "").strip()
            if not value:
                continue
            values.setdefault(value, text.count("\n", 0, matched.start(1)) + 1)
            if role in listed:
                values.update((more, at) for more, at in _repeated(text, matched) if more not in values)
        if values:
            head, line = next(iter(values.items()))
            found[role] = Field(list(values) if role in listed else head, line)
    return found


def _repeated(text: str, matched: re.Match[str]) -> list[tuple[str, int]]:
    """The values of the lines right after a match's group line that repeat its text around the group (indentation
    aside), each with its 1-based line; none when the group spans lines or its line holds nothing but the value."""
    start = text.rfind("\n", 0, matched.start(1)) + 1
    end = text.find("\n", matched.end(1))
    end = len(text) if end < 0 else end
    if "\n" in text[matched.start(1):matched.end(1)]:
        return []
    before, after = text[start:matched.start(1)].lstrip(), text[matched.end(1):end].rstrip()
    if not (before + after).strip():
        return []
    number = text.count("\n", 0, start) + 1
    found: list[tuple[str, int]] = []
    for line in text[end + 1:].split("\n") if end < len(text) else []:
        number += 1
        candidate = line.strip()
        if len(candidate) <= len(before) + len(after) or not candidate.startswith(before) or not candidate.endswith(after):
            break
        value = candidate[len(before):len(candidate) - len(after)].strip()
        if not value:
            break
        found.append((value, number))
    return found
