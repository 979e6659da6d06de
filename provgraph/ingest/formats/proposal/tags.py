"""A status stated as a line of tags: code spans alone on a line near the top (a Nostr NIP's `` `draft` `optional` ``
under its title), where no field names it.

A file's line of tags is its first line of code spans alone (`` `final` `unrecommended` `optional` ``) in its first
`_NEAR_TOP` lines; its place is the number of headings above it. It is a status place when, of the files whose line of
tags holds a status word the vocabulary knows, most hold it in the same place: each of those states there the first
such word on its line (the evidence's `patterns` place, key `TAGS`; a line of tags elsewhere is body text). The
proposal reads it by a pattern (`pattern`) that takes the first of the records' status words on such a line; the
other tags on the records' lines are named on a `check:` line (`others`): one may be a status too, or win over the
word read (Nostr's `unrecommended` beside `final`), which only the user can say.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from provgraph.base.text import counted
from provgraph.ingest.formats import headings
from provgraph.ingest.formats.metadata import Field

TAGS = "\0tags"  # the evidence's key for a line of tags' status word, beside the `Label: value` lines' labels
SHOWN = "a line of tags"  # how the proposal's summary names the place
_NEAR_TOP = 30  # a title, a subtitle and a notice above it, as a NIP's
_SAME_PLACE = 0.5  # the files that hold a status word on a line of tags hold it in one place, more than this share
_LINE = re.compile(r"[ \t]{0,3}(?:`[^`\n]+`[ \t]*)+")
_TAG = re.compile(r"`([^`\n]+)`")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")  # a tag that is a word, as a status is (not `window.nostr`)
_LISTED = 5


@dataclass(frozen=True)
class TagLine:
    line: int  # 1-based
    place: int  # the headings above it
    tags: tuple[str, ...]


def tag_line(lines: Sequence[str]) -> TagLine | None:
    """A file's line of tags, if it has one near the top."""
    for index, line in enumerate(lines[:_NEAR_TOP]):
        if _LINE.fullmatch(line):
            above = sum(1 for _ in headings.headings(list(lines[:index])))
            return TagLine(index + 1, above, tuple(tag.strip() for tag in _TAG.findall(line)))
    return None


def status_tag(found: TagLine, knows: Callable[[str], bool]) -> str | None:
    """The first tag of a line that is a status word the vocabulary knows."""
    return next((tag for tag in found.tags if knows(tag)), None)


def stated(texts: dict[str, Sequence[str]], knows: Callable[[str], bool]) -> dict[str, Field]:
    """path -> the status word its line of tags states (with its line), for the files that hold one in the place most
    such files hold it; none when no place holds most of them."""
    lines = {path: found for path, text in texts.items() if (found := tag_line(text)) and status_tag(found, knows)}
    places = Counter(found.place for found in lines.values())
    if not places:
        return {}
    place, files = places.most_common(1)[0]
    if files <= _SAME_PLACE * len(lines):
        return {}
    return {path: Field(status_tag(found, knows), found.line) for path, found in lines.items() if found.place == place}


def pattern(words: Iterable[str]) -> str:
    """The status pattern: a line of code spans alone, its group the first of `words` on it (the reader matches any
    case)."""
    chosen = "|".join(re.escape(word) for word in sorted({word.casefold() for word in words}, key=lambda word: (-len(word), word)))
    return rf"^[ \t]{{0,3}}(?:`[^`\n]+`[ \t]*)*?`({chosen})`(?:[ \t]*`[^`\n]+`)*[ \t]*$"


def others(lines: dict[str, Sequence[str]], knows: Callable[[str], bool]) -> str | None:
    """The `check:` line naming the tags the records' lines carry beside the status word read, most used first."""
    beside: Counter[str] = Counter()
    read: Counter[str] = Counter()
    for text in lines.values():
        found = tag_line(text)
        word = status_tag(found, knows) if found else None
        if found is None or word is None:
            continue
        read[word.casefold()] += 1
        beside.update({tag.casefold() for tag in found.tags if _WORD.fullmatch(tag) and tag.casefold() != word.casefold()})
    if not beside:
        return None
    shown = ", ".join(f"`{tag}` ({counted(count, 'record')})" for tag, count in beside.most_common(_LISTED))
    more = ", ..." if len(beside) > _LISTED else ""
    return (f"the status is read from {SHOWN} near the top, its first tag provgraph knows as a status "
            f"({', '.join(sorted(read))}); the same lines carry {shown}{more}: if one of them states a status too, or "
            "wins over the word read, add it to the pattern's words and give it a word in [store.words]")
