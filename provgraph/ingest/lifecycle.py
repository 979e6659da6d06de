"""The lifecycle vocabulary: the one place a status word becomes a canonical declared word.

Every ingester that reads a status word (Markdown `## Status` / `Status:` / front matter
`status:`, GitHub state and state reason, Jira status and resolution) passes it through
`declared_word`. A recognised word or phrase gives one of `CANONICAL`; any other text is
kept as written (lower case, at most a few words) so the status rule can call the claim
UNKNOWN / UNRECOGNISED_STATUS and show the word. A record with no word at all (cards,
logs) has declared None and is judged without one.

The status rule (`cypher/rules/base-rules.cypher`) reads only the canonical words; a test
checks that the two lists agree.
"""
from __future__ import annotations

import re
from typing import Mapping

# Canonical declared words, and what each means for the status rule and for a revision the record makes.
CANONICAL = (
    "accepted",    # in force: no verdict of its own; its revisions retire their targets
    "amended",     # in force, with an amendment: no verdict of its own
    "proposed",    # UNKNOWN / PROPOSED; its revisions are pending
    "draft",       # as proposed
    "incomplete",  # as proposed
    "on-hold",     # UNKNOWN / ON_HOLD; its revisions are pending
    "rejected",    # STALE / REJECTED; its revisions revise nothing
    "withdrawn",   # STALE / WITHDRAWN; its revisions revise nothing
    "deprecated",  # STALE / DEPRECATED; it was in force, so its revisions still retire their targets
    "superseded",  # STALE / SUPERSEDED; as deprecated
)

# Phrases first (longest wins), then single words. Keys are casefolded, spaces collapsed.
_PHRASES = {
    "on hold": "on-hold", "on-hold": "on-hold", "put on hold": "on-hold",
    "in review": "proposed", "under review": "proposed", "in progress": "proposed", "to do": "proposed",
    "work in progress": "proposed", "under discussion": "proposed", "request for comments": "proposed",
    "not planned": "rejected", "won't do": "rejected", "won't fix": "rejected", "wont do": "rejected",
    "wont fix": "rejected", "will not do": "rejected",
    "superseded by": "superseded", "superceded by": "superseded", "replaced by": "superseded",
    "obsoleted by": "superseded", "amended by": "amended",
}
_WORDS = {
    "accepted": "accepted", "accept": "accepted", "approved": "accepted", "adopted": "accepted",
    "agreed": "accepted", "decided": "accepted", "implemented": "accepted", "active": "accepted",
    "done": "accepted", "completed": "accepted", "complete": "accepted", "resolved": "accepted",
    "closed": "accepted", "final": "accepted",
    "proposed": "proposed", "proposal": "proposed", "pending": "proposed", "review": "proposed",
    "open": "proposed", "reopened": "proposed", "backlog": "proposed", "rfc": "proposed",
    "draft": "draft", "drafting": "draft", "wip": "proposed",
    "incomplete": "incomplete",
    "paused": "on-hold", "deferred": "on-hold", "postponed": "on-hold", "suspended": "on-hold",
    "parked": "on-hold", "blocked": "on-hold",
    "rejected": "rejected", "declined": "rejected", "refused": "rejected", "cancelled": "rejected",
    "canceled": "rejected", "abandoned": "rejected",
    "withdrawn": "withdrawn", "retracted": "withdrawn",
    "deprecated": "deprecated", "obsolete": "deprecated", "retired": "deprecated", "obsoleted": "deprecated",
    "superseded": "superseded", "superceded": "superseded", "replaced": "superseded", "duplicate": "superseded",
    "amended": "amended",
}
assert set(_PHRASES.values()) | set(_WORDS.values()) <= set(CANONICAL)

_STRIKETHROUGH = re.compile(r"~~.*?~~")
_LEADING_MARKUP = re.compile(r"^[\W_]+")
_WORD = re.compile(r"[a-z][a-z'\u2019\-]*|@[\w\-]+|\d+")
_LONGEST_PHRASE = max(len(phrase.split()) for phrase in _PHRASES)
_UNRECOGNISED_WORDS = 4


def _words(text: str) -> list[str]:
    cleaned = _LEADING_MARKUP.sub("", _STRIKETHROUGH.sub("", text)).casefold().replace("\u2019", "'")
    cleaned = cleaned.replace("_", " ")
    return _WORD.findall(cleaned)


def canonical(text: str | None, words: Mapping[str, str] | None = None) -> str | None:
    """The canonical word `text` starts with ("✅ **Accepted**", "On hold.", "In review"), or None.

    `words` are a store's own phrases (`living` -> `accepted`), read before the default vocabulary."""
    said = _words(text) if text else []
    if words and said:
        own = {" ".join(_words(phrase)): word for phrase, word in words.items()}
        for length in range(min(max(len(key.split()) for key in own), len(said)), 0, -1):
            found = own.get(" ".join(said[:length]))
            if found:
                return found
    for length in range(min(_LONGEST_PHRASE, len(said)), 1, -1):
        found = _PHRASES.get(" ".join(said[:length]))
        if found:
            return found
    return _WORDS.get(said[0]) if said else None


def declared_word(text: str | None, words: Mapping[str, str] | None = None) -> str | None:
    """The declared word for a status text: canonical when recognised (a store's own `words` first), else the
    text's first words as written (lower case, "discussed by @x"), None when there is no word at all."""
    found = canonical(text, words)
    if found:
        return found
    said = _words(text) if text else []
    return " ".join(said[:_UNRECOGNISED_WORDS])[:60] or None
