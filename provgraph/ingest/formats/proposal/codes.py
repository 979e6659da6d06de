"""A status-named field whose values no vocabulary knows is still a status field when they are codes (`Stage: **3
(finished)**`, `**X (abandoned)**`, `**2**`): proposed, each code a word for the user to give."""
from __future__ import annotations

import re
from collections import Counter, defaultdict

from provgraph.ingest import lifecycle
from provgraph.ingest.formats.proposal.evidence import PATTERNS, PROSE, Evidence, Place, status_text

# Codes: in this many files at least, this many distinct values at most, this many words each, this share of them
# short and repeated
_CODED_FILES, _CODES, _CODE_WORDS, _CODED_SHARE = 5, 12, 4, 0.75
_CODED_OVER = 0.25  # ... taken before a field of status words that states one in under this share of its files
_COMMENT = re.compile(r"<!--.*?(?:-->|$)")


def or_coded(ranked: list[tuple[Place, str, int]], found: Evidence, among: set[str]) -> list[tuple[Place, str, int]]:
    """The ranking, or the coded fields (`_coded`) first when the best ranked states a status in under a quarter of
    the files the best coded field is in (a stray `Proposal` in one file's section beside 54 `Stage: **3 ...**`)."""
    coded = _coded(found, among)
    if coded and (not ranked or ranked[0][2] < _CODED_OVER * coded[0][2]):
        return [*coded, *ranked]
    return ranked


def _coded(found: Evidence, among: set[str]) -> list[tuple[Place, str, int]]:
    """When no field's values are status words: the fields named like a status whose values are a few codes each
    repeated (`Stage: **3 (finished)**`, `**0 (strawperson)**`, `**X (abandoned)**`), most files first; their words
    are the user's to give (a `"?"` each), the word in brackets read where the vocabulary knows it (words.py)."""
    values: dict[tuple[Place, str], list[str]] = defaultdict(list)
    for path in among:
        for place, fields in found.get(path, {}).items():
            if place.kind in (PATTERNS, *PROSE) or place.section:
                continue
            for name, value in fields.items():
                text = status_text(value)
                if text and lifecycle.status_named(name):
                    values[place, name].append(text)
    coded = [(place, name, len(texts)) for (place, name), texts in values.items() if are_codes(texts)]
    return sorted(coded, key=lambda item: (-item[2], lifecycle.status_name_order(item[1]), item[0], item[1]))


def are_codes(texts: list[str]) -> bool:
    """Whether a field's values are codes: in files enough, few and repeated, each short (an HTML comment aside)."""
    values = Counter(" ".join(lifecycle.status_words(_COMMENT.sub("", text))) for text in texts)
    short = sum(count for value, count in values.items() if 0 < len(value.split()) <= _CODE_WORDS)
    repeated = sum(count for value, count in values.items() if value and count > 1)
    return len(texts) >= _CODED_FILES and len(values) <= _CODES and min(short, repeated) >= _CODED_SHARE * len(texts)
