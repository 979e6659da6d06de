"""The lifecycle vocabulary: the one place a status word becomes a canonical declared word.

Every ingester that reads a status word (Markdown `## Status` / `Status:` / front matter
`status:`, header blocks, GitHub state and state reason, Jira status and resolution) passes it
through `declared_word`. A recognised word or phrase gives one of `CANONICAL`; any other text is
kept as written (lower case, at most a few words) so the status rule can call the claim
UNKNOWN / UNRECOGNISED_STATUS and show the word. A record with no word at all (cards, logs) has
declared None and is judged without one.

Words are read in context: the longest phrase the text starts with wins, so "Active review" is a
review, not the accepting word "active". A store may declare its own words (`words`, from its
`provgraph.toml`): at each phrase length they are tried before the default vocabulary.
Each word and its meaning is listed in docs/design.md ("The status vocabulary"). `read_word` also says where a
reading came from (the store's words, the default vocabulary, or neither), for the ingest summary; `CONTESTED` lists
the default words communities read differently, which the summary flags, and `UNREAD` the words left unread on purpose,
with why.
`STATUS_NAMES` are the names a status field goes by (a heading is a status only when named like one), and `CUES`
what a log's own definition of a word says, by the reading it points to (a proposal reads a contested or unknown
word by them).

The status rule (`cypher/rules/base-rules.cypher`) reads only the canonical words; a test
checks that the two lists agree.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from provgraph.base.errors import UsageError

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
IN_FORCE = ("accepted", "amended")  # the canonical words a record is in force by (no verdict of its own)
UNREAD_MARK = "?"  # a store's word declared so is left unread, whatever the default reads: UNKNOWN UNRECOGNISED_STATUS

# Phrases of two words or more. Keys are casefolded, spaces collapsed. A phrase that starts with an
# accepting word but means something else ("active review") is listed here so that it wins.
_PHRASES = {
    "on hold": "on-hold", "put on hold": "on-hold",
    "in review": "proposed", "under review": "proposed", "active review": "proposed",
    "scheduled for review": "proposed", "awaiting review": "proposed", "ready for review": "proposed",
    "pending review": "proposed", "design review": "proposed", "public review": "proposed",
    "public discussion": "proposed", "last call": "proposed", "final comment period": "proposed",
    "under consideration": "proposed", "under discussion": "proposed", "request for comments": "proposed",
    "in progress": "proposed", "work in progress": "proposed", "to do": "proposed",
    "returned for revision": "draft", "under revision": "draft", "needs revision": "draft", "needs research": "draft",
    "peer review": "proposed",
    "accepted with modifications": "accepted", "accepted with revisions": "accepted",
    "awaiting implementation": "accepted", "ready for implementation": "accepted",
    "implementation in progress": "accepted", "partially implemented": "accepted", "partially stable": "accepted",
    "in force": "accepted",
    "in effect": "accepted",
    "not accepted": "rejected", "not planned": "rejected", "won't do": "rejected", "won't fix": "rejected",
    "wont do": "rejected", "wont fix": "rejected", "will not do": "rejected", "no quorum": "rejected",
    "superseded by": "superseded", "superceded by": "superseded", "replaced by": "superseded",
    "obsoleted by": "superseded", "amended by": "amended",
}
_WORDS = {
    "accepted": "accepted", "accept": "accepted", "approved": "accepted", "adopted": "accepted",
    "agreed": "accepted", "decided": "accepted", "implemented": "accepted", "implementable": "accepted",
    "active": "accepted", "activated": "accepted", "living": "accepted", "final": "accepted",
    "deployed": "accepted", "installed": "accepted", "stable": "accepted", "previewing": "accepted", "ratified": "accepted", "done": "accepted",
    "finished": "accepted", "executed": "accepted", "rollout": "accepted", "standard": "accepted", "integrated": "accepted",
    "informational": "accepted", "informative": "accepted", "meta": "accepted", "memorandum": "accepted",
    "released": "accepted", "graduated": "accepted", "shipped": "accepted", "launched": "accepted", "enacted": "accepted",
    "completed": "accepted", "complete": "accepted", "resolved": "accepted", "closed": "accepted",
    "passed": "accepted",  # a vote's outcome; "failed" its other one
    "proposed": "proposed", "proposal": "proposed", "pending": "proposed", "review": "proposed",
    "open": "proposed", "reopened": "proposed", "backlog": "proposed", "rfc": "proposed", "wip": "proposed",
    "idea": "proposed", "provisional": "proposed", "experimental": "proposed", "lastcall": "proposed",
    "exploratory": "proposed", "speculative": "proposed", "prototype": "proposed", "prototyped": "proposed",
    "prototyping": "proposed", "strawman": "proposed", "strawperson": "proposed",
    "draft": "draft", "drafting": "draft", "draught": "draft", "needs-revision": "draft", "needs-research": "draft",
    "incomplete": "incomplete",
    "on-hold": "on-hold", "paused": "on-hold", "deferred": "on-hold", "postponed": "on-hold",
    "suspended": "on-hold", "parked": "on-hold", "blocked": "on-hold", "stagnant": "on-hold",
    "dormant": "on-hold", "moribund": "on-hold", "stalled": "on-hold",
    "rejected": "rejected", "declined": "rejected", "refused": "rejected", "vetoed": "rejected",
    "cancelled": "rejected", "canceled": "rejected", "failed": "rejected",
    "withdrawn": "withdrawn", "retracted": "withdrawn", "abandoned": "withdrawn", "stale": "withdrawn",
    "dead": "withdrawn", "reverted": "withdrawn", "dropped": "withdrawn",
    "deprecated": "deprecated", "obsolete": "deprecated", "obsoleted": "deprecated", "retired": "deprecated",
    "inactive": "deprecated", "discontinued": "deprecated", "defunct": "deprecated", "historic": "deprecated",
    "historical": "deprecated", "removed": "deprecated",
    "superseded": "superseded", "superceded": "superseded", "replaced": "superseded", "duplicate": "superseded",
    "moved": "superseded",
    "amended": "amended",
}
assert set(_PHRASES.values()) | set(_WORDS.values()) <= set(CANONICAL)

# Default words whose meaning differs between communities: word -> (how they differ, the other reading). An ingest
# that reads one by the default vocabulary flags it with the `--word` that would read it the other way.
CONTESTED: Mapping[str, tuple[str, str]] = {
    "closed": ("done in trackers (Jira, GitHub); of historical interest only in BIPs", "withdrawn"),
    "complete": ("done in trackers and JEPs; in a writing workflow, a text ready for review", "proposed"),
    "completed": ("done in trackers; in a writing workflow, a text ready for review", "proposed"),
    "previewing": ("accepted and shipped as a preview in Swift Evolution; elsewhere a trial before a decision",
                   "proposed"),
    "active": ("in force in PEPs and BIPs; being worked on in trackers", "proposed"),
    "final": ("accepted and complete in PEPs, BIPs and EIPs; a final draft is still a draft", "draft"),
    "deprecated": ("retired in most logs; in API and feature logs still in force, only discouraged", "accepted"),
    "replaced": ("superseded in BIPs and KEPs; in a change log, the change that replaced something was made",
                 "accepted"),
    "resolved": ("done in trackers; a question can be resolved by declining it", "rejected"),
    "provisional": ("accepted on trial in PEPs (in force, may change); not yet decided elsewhere", "accepted"),
    "experimental": ("not yet decided in most logs; shipped as alpha, in force, on a feature-maturity scale",
                     "accepted"),
    "abandoned": ("given up for good in SEPs and ACPs; in APEs dormant, to be picked up again", "on-hold"),
    "stale": ("abandoned or replaced in ACPs; in trackers a bot's label on an inactive issue, still open", "on-hold"),
    "released": ("shipped, in force, in FLIPs and product logs; a draft released for comment is not yet decided",
                 "proposed"),
    "implementable": ("approved by the approvers in KEPs; in ACPs its authors' own view, before any ratification",
                      "proposed"),
    "finished": ("accepted and implemented in Tor's proposals; in a writing workflow, a text ready for review",
                 "proposed"),
    "dead": ("given up for good in plain English; in Tor's proposals dormant, open again with a new proponent",
             "on-hold"),
    "in progress": ("still being designed in Kotlin's KEEPs; being built, its design in force, in yt's YTEPs",
                    "accepted"),
    "needs revision": ("back with its authors before acceptance in Tor's proposals; in OEPs still in force, its details "
                       "to be brought up to date", "accepted"),
    "needs-revision": ("back with its authors before acceptance in Tor's proposals; in OEPs still in force, its details "
                       "to be brought up to date", "accepted"),
}
assert all(other in CANONICAL and other != {**_WORDS, **_PHRASES}.get(word, other) for word, (_, other) in CONTESTED.items())

# Words a status field holds that the default vocabulary leaves unread on purpose, and why: a proposal's comment and the
# ingest summary say so beside the word (UNKNOWN UNRECOGNISED_STATUS until a store declares it).
UNREAD: Mapping[str, str] = {
    "candidate": "logs differ: accepted in BEPs (the review passed), for the council to decide in GIPs",
    "recommended": "logs differ: in force as a standards body's recommendation, before ratification in Stacks SIPs",
    "demonstrated": "one log's term (Aries: implemented, not yet endorsed) and a verb of prose (\"as demonstrated in\")",
    "new": "a word of prose too common to read in a status section's sentences (\"a new API\")",
    "unknown": (NOT_KNOWN := "it says the status is not known"),
    "formal assessment": "read by its start, \"Formal Assessment Postponed\" would be proposed, not on hold",
    "waiting-for-implementation": "logs differ: awaiting implementation is accepted elsewhere, undecided in Scala SIPs",
    "april fool": "a joke, no lifecycle (PEP 401)",
}
assert not set(UNREAD) & (set(_WORDS) | set(_PHRASES))


def why_unread(phrase: str) -> str | None:
    """Why the default vocabulary leaves a status phrase unread on purpose (`UNREAD`, by the words it starts with)."""
    found = phrase.split()
    return next((why for word, why in UNREAD.items() if found[:len(word.split())] == word.split()), None)


def says_not_known(phrase: str) -> bool:
    """Whether a status phrase is left unread because it says the status is not known (`unknown`): it stays unread
    whatever the log's definition of it cues ("for historical reasons, this status exists" is no deprecation)."""
    return why_unread(phrase) == NOT_KNOWN


# Field names a status is kept under: a heading, or a field in a section, is read as a status only when it is named
# like one ("Status", "Current state", "Decision"), never by the word under it ("Reference Implementation").
STATUS_NAMES = ("status", "state", "stage", "decision", "outcome")
_NAME_WORDS = re.compile(r"[a-z]+")
CHANGE_LOG = re.compile(r"\bchange[\s_-]*log\b|\bchangelog\b")  # a log of the record's states (formats/changes.py)


def status_named(name: str) -> bool:
    """Whether a field or heading name is named like a status field: one of its words is one of `STATUS_NAMES`, or
    it names a change log (`Change Log`, `Changelog`)."""
    folded = name.casefold()
    return any(word in STATUS_NAMES for word in _NAME_WORDS.findall(folded)) or CHANGE_LOG.search(folded) is not None


def status_name_order(name: str) -> int:
    """Where a status-like name's word stands in `STATUS_NAMES` (`3. Status` -> 0, `stage` -> 2): a tie's order."""
    return min((STATUS_NAMES.index(word) for word in _NAME_WORDS.findall(name.casefold()) if word in STATUS_NAMES),
               default=len(STATUS_NAMES))


# What a log's own definition of a word says, by the reading it points to: a contested or unknown word is read the
# way its definition's cues point when they point one way only (a cue right after a negation points the other way:
# "can no longer be resurrected" is for good). Kept small: each pattern names what it recognises.
_NEGATION = re.compile(r"\b(?:no longer|not|never|cannot|can't)\W+(?:\w+\W+){0,4}$")
CUES: Mapping[str, re.Pattern[str]] = {
    "on-hold": re.compile(r"\b(?:reviv\w*|resurrect\w*|picked up again|pick \w+ up again|reopen\w*|resum\w*|back to"
                          r"|becom\w* \W*\w+\W* again|(?:return\w*|revert\w*|chang\w+ it|mov\w+ it) to (?:the )?draft)\b"),
    "withdrawn": re.compile(r"\b(?:for good|permanent\w*|finality|terminal state|final state|historical interest)\b"),
    "deprecated": re.compile(r"\b(?:historical reasons|kept for (?:historical|reference)|(?:do|does) not reflect the current"
                             r"|no longer (?:reflect\w*|relevant|applicable|appl(?:y|ies)|current|valid|supported|maintained"
                             r"|recommended|encouraged|in (?:use|effect|force)))\b"),
    "accepted": re.compile(r"\b(?:continual\w*|living|ongoing|never (?:be |meant to be )?(?:final|completed?)"
                           r"|(?:still|stays?|remains?) (?:relevant|valid|applicable|in (?:force|effect|use))"
                           r"|not reach a state of finality|in (?:force|effect)"
                           r"|(?:enabled|activated|live|deployed) (?:in|on) (?:the )?(?:\w+ ){0,2}(?:mainnet|network))\b"),
}
_FLIPPED = {"on-hold": "withdrawn"}  # a negated cue of this reading is one of that one ("cannot be revived"); others go


def reading_by_cue(definition: str, readings: Iterable[str]) -> str | None:
    """The one reading among `readings` whose cues the definition's text holds, None when none or several do."""
    text = " ".join(definition.casefold().split())
    found = set()
    for reading, cue in CUES.items():
        for matched in cue.finditer(text):
            negated = _NEGATION.search(text[:matched.start()]) is not None
            if not negated:
                found.add(reading)
            elif reading in _FLIPPED:
                found.add(_FLIPPED[reading])
    pointed = found & set(readings)
    return next(iter(pointed)) if len(pointed) == 1 else None


_STRIKETHROUGH = re.compile(r"~~.*?~~")
_LEADING_MARKUP = re.compile(r"^[\W_]+")
_WORD = re.compile(r"[a-z][a-z'\u2019\-]*|@[\w\-]+|\d+")
_WORD_ANY_CASE = re.compile(_WORD.pattern, re.IGNORECASE)
_UNRECOGNISED_WORDS = 4
_STATUS_LIKE_WORDS = 3  # a longer value is prose (a title that starts "Accepted ..."), not a status


_LINK_TARGET = re.compile(r"\]\([^)\s]*\)|[(<]?\b[a-z][a-z\d+.-]*://[^\s)>]*[)>]?", re.IGNORECASE)  # `](x.md)`, `(https://x)`


def _cleaned(text: str) -> str:
    """The text its words are read from: struck-through text, leading markup and link targets (a URL, a Markdown
    link's target: no part of the words, `To be reviewed (https://...)`) aside."""
    unlinked = _LINK_TARGET.sub(lambda found: "]" if found.group().startswith("]") else " ", _STRIKETHROUGH.sub("", text))
    return _LEADING_MARKUP.sub("", unlinked).replace("\u2019", "'").replace("_", " ")


def _words(text: str) -> list[str]:
    return _WORD.findall(_cleaned(text).casefold())


def _as_written(text: str, found: list[str]) -> str:
    """The words `found` (casefolded) in the case the text writes them, when casefolding kept them apart."""
    written = _WORD_ANY_CASE.findall(_cleaned(text))[:len(found)]
    return " ".join(written if [word.casefold() for word in written] == found else found)


def _by_length(phrases: Mapping[str, str]) -> dict[int, dict[str, str]]:
    grouped: dict[int, dict[str, str]] = {}
    for phrase, word in phrases.items():
        grouped.setdefault(len(phrase.split()), {})[phrase] = word
    return grouped


VOCABULARY: Mapping[str, str] = {**_WORDS, **_PHRASES}  # the default words and phrases, each to its canonical word
_DEFAULT = _by_length(VOCABULARY)


def store_words(words: Mapping[str, str] | None) -> dict[str, str]:
    """A store's declared words, keyed as the text is read (casefolded, spaces collapsed); UsageError for
    a word that maps to anything but a canonical word or `UNREAD_MARK`, or a phrase with no word in it."""
    return dict(_store_words(tuple(sorted((words or {}).items()))))


@lru_cache(maxsize=64)
def _store_words(items: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    normalised = []
    for phrase, target in items:
        key = " ".join(_words(str(phrase)))
        word = str(target).strip().casefold()
        if not key:
            raise UsageError(f"status word {phrase!r} has no word in it to match")
        if word not in (*CANONICAL, UNREAD_MARK):
            raise UsageError(f"status word {phrase!r} = {target!r}: not a canonical word (one of {', '.join(CANONICAL)}; "
                             f"{UNREAD_MARK!r} leaves it unread)")
        normalised.append((key, word))
    return tuple(normalised)


@dataclass(frozen=True)
class WordReading:
    """A status word an ingest met and how it read it, for the summary."""

    written: str  # the words read, as the record writes them ("Closed", "Superseded by"); unrecognised: its first words
    phrase: str  # the same casefolded, as the vocabulary keys it ("closed", "superseded by")
    declared: str  # the canonical word, else the phrase (an unrecognised word, or one the store leaves unread: "?")
    origin: str  # "store" (the store's declared words), "default" (the default vocabulary), "unrecognised"


def _match(found: list[str], words: Mapping[str, str] | None) -> tuple[int, str, str] | None:
    """(length, canonical word, origin) of the longest phrase `found` starts with; the store's words first at a length."""
    declared = _by_length(store_words(words)) if words else {}
    for length in range(min(max([*_DEFAULT, *declared]), len(found)), 0, -1):
        start = " ".join(found[:length])
        own = declared.get(length, {}).get(start)
        if own:
            return length, own, "store"
        default = _DEFAULT.get(length, {}).get(start)
        if default:
            return length, default, "default"
    return None


def read_word(text: str | None, words: Mapping[str, str] | None = None) -> WordReading | None:
    """How a status text reads: the phrase it starts with, its canonical word and where that came from (the store's
    `words`, the default vocabulary), or its first words kept as written when neither knows them; None: no word."""
    found = _words(text) if text else []
    if not text or not found:
        return None
    match = _match(found, words)
    length = match[0] if match else _UNRECOGNISED_WORDS
    phrase = " ".join(found[:length])[:60]
    written = _as_written(text, found[:length])[:60]
    if match is None or match[1] == UNREAD_MARK:  # not known, or declared "?": kept as written, its origin said
        return WordReading(written, phrase, phrase, "unrecognised" if match is None else match[2])
    return WordReading(written, phrase, match[1], match[2])


def status_like(fields: Iterable[tuple[str, object]], words: Mapping[str, str] | None = None) -> tuple[tuple[str, str], ...]:
    """The (name, value) of the fields whose value is a short text the vocabulary reads as a status word
    (`stage: discontinued`): where a record that states no status may keep it under another name."""
    found = []
    for name, value in fields:
        if isinstance(value, str) and 0 < len(_words(value)) <= _STATUS_LIKE_WORDS and canonical(value, words):
            found.append((name, value.strip()[:60]))
    return tuple(found)


_NEGATIONS = frozenset({"not", "no", "never", "cannot", "nor", "without"})
_SENTENCE_END = re.compile(r"[.!?;]\s")


def stated_in(text: str, words: Mapping[str, str] | None = None) -> str | None | bool:
    """The first phrase of a sentence the vocabulary (the store's `words` first) reads, as written (`This BEP is already
    implemented.` -> `implemented`); False when that phrase is negated in its sentence (`is not yet implemented`: read
    neither way, so the text stays unread and is counted); None when no phrase is read."""
    for sentence in _SENTENCE_END.split(text):
        found = _words(sentence)
        for index in range(len(found)):
            match = _match(found[index:], words)
            if match is None:
                continue
            if any(word in _NEGATIONS or word.endswith("n't") for word in found[:index]):
                return False
            written = _WORD_ANY_CASE.findall(_cleaned(sentence))
            return " ".join(written[index:index + match[0]] if len(written) == len(found) else found[index:index + match[0]])
    return None


def canonical(text: str | None, words: Mapping[str, str] | None = None) -> str | None:
    """The canonical word `text` starts with ("✅ **Accepted**", "On hold.", "Active review"), or None.
    The longest phrase wins; at one length, the store's own `words` before the default vocabulary."""
    found = _words(text) if text else []
    match = _match(found, words) if found else None
    return match[1] if match and match[1] != UNREAD_MARK else None


def declared_word(text: str | None, words: Mapping[str, str] | None = None) -> str | None:
    """The declared word for a status text: canonical when recognised (the store's `words` first), else the
    text's first words as written (lower case, "discussed by @x"), None when there is no word at all."""
    reading = read_word(text, words)
    return reading.declared if reading else None


def status_words(text: str | None) -> list[str]:
    """The words a status text is read by, in order (casefolded; markup and struck-through text aside)."""
    return _words(text) if text else []
