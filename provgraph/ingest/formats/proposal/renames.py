"""A word a log's own definition calls an older name of another: read as that one.

XEP-0001, "Summary of XEP States", defines Draft so: 'In previous versions of the XSF process the "Stable" status was
called "Draft" ... so the status was renamed'. The 80 XEPs that still say Draft are Stable, in force; the vocabulary
alone reads draft as draft. A definition says a word is another's old name when it says `"Stable" status was called
"Draft"` (or named, known as; formerly, previously, once), `Draft was renamed (to) Stable`, or `renamed Draft to
Stable`, and the other is a status word the vocabulary knows; never negated (`was not called`) as the patterns read.
"""
from __future__ import annotations

import re

from provgraph.ingest import lifecycle

_QUOTE = r"[\"'`\u201c\u201d\u2018\u2019*_]?"


def renamed_as(phrase: str, definition: str) -> str | None:
    """The status word `definition` says `phrase` is an older name of, if it says so."""
    text = " ".join(definition.casefold().split())
    word = re.escape(phrase.casefold())
    for pattern in (rf"{_QUOTE}([a-z][\w-]*){_QUOTE}\s+(?:status\s+|state\s+)?(?:was|were|used to be)\s+"
                    rf"(?:formerly\s+|previously\s+|once\s+)?(?:called|named|known as)\s+{_QUOTE}{word}\b",
                    rf"\b{word}{_QUOTE}\s+(?:status\s+|state\s+)?(?:was|has been|is now)\s+renamed\s+(?:to\s+|as\s+)?"
                    rf"{_QUOTE}([a-z][\w-]*)",
                    rf"\brenamed\s+{_QUOTE}{word}{_QUOTE}\s+to\s+{_QUOTE}([a-z][\w-]*)"):
        found = re.search(pattern, text)
        if found and found.group(1) != phrase.casefold() and lifecycle.canonical(found.group(1)) is not None:
            return found.group(1)
    return None
