"""Which words the status field uses, and the canonical word each most likely means.

Each status text is keyed by the shortest phrase it starts with that reads as the whole text does (`Superseded by
PEP 3` -> `superseded`, `Active review` -> `active review`); a text the vocabulary does not know is keyed whole when
it is two to four words of letters (`Peer Review`, `Waiting for Approval`: the reader's key is the phrase as the
files write it), else by its first word (`Stalled since 2020` -> `stalled`); a code with a word in brackets by the
code (`3 (finished)` -> `3`), read as the word in brackets reads when the vocabulary knows it. A known word
is mapped as the default vocabulary reads it; an unknown one to the canonical word of a known word it is a form of
(`accepting` -> accepted: one stem after an ending) or is one slip from (`implemeted` -> accepted, `spelling.misspelt`),
or to nothing (`publish` is no `public review`); but whole words of it that are
a known phrase come first, the longest (`activation-in-progress` -> `in progress`, proposed, never `activat...`
accepted; `peer review` -> `review`). A proposal marks as unsure
every word provgraph does not know, every word read as a form of another, and the words communities read differently
(`lifecycle.CONTESTED`, with the other reading), so the user reads those before applying it.

Where the log defines a word (definitions.py), the definition goes with it; a contested or unknown word is read the
way its definition's cues point (`lifecycle.reading_by_cue`: "may be revived" -> on-hold, "continually updated" ->
accepted), and is no longer in doubt; without a clear cue it stays as above. A word the vocabulary leaves unread because
it says the status is not known (`unknown`) stays unread whatever its definition cues.
"""
from __future__ import annotations

import posixpath
import re
from collections import Counter
from dataclasses import dataclass

from provgraph.ingest import lifecycle, spelling
from provgraph.ingest.formats.proposal.definitions import Definition
from provgraph.ingest.formats.proposal.renames import renamed_as

_ONE_WORD = re.compile(r"[^\W\d_]+")
_PARTS = re.compile(r"[\s\-]+")
_HEADED = 4  # an unknown text of two words up to this many, letters only, is keyed whole (`peer review`)
_LETTERS = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")
_CODED = re.compile(r"[\W_]*(\d+[a-z]?|[a-z])[\W_]*\(\s*([^()]*?[^\W\d_][^()]*?)\s*\)", re.IGNORECASE)  # `3 (finished)`


@dataclass(frozen=True)
class Word:
    phrase: str  # as the declaration keys it
    reads_as: str | None  # the canonical word, None when provgraph cannot tell; `lifecycle.UNREAD_MARK` ("?") when
    # the declaration must name the word to leave it unread (a default reading in doubt, a status folder's unknown word)
    records: int
    unsure: str | None  # why to check it, None when the reading is not in doubt
    definition: Definition | None = None  # where the log defines the word
    by_definition: bool = False  # the reading is the one the definition's cues point to

    def to_dict(self) -> dict[str, object]:
        defined = {"text": self.definition.shown, "where": self.definition.where} if self.definition else None
        return {"word": self.phrase, "reads_as": self.reads_as, "records": self.records, "unsure": self.unsure,
                "definition": defined, "by_definition": self.by_definition}


def words(texts: list[str], defined: dict[str, Definition] | None = None, folders: frozenset[str] = frozenset()) -> list[Word]:
    """Every word the status texts use, most used first (`defined`: phrase -> the log's own definition of it;
    `folders`: the phrases read from a status folder's name), a default reading in doubt left unread (`_in_doubt`)."""
    counted: Counter[str] = Counter()
    inside: dict[str, Counter[str]] = {}
    for text in texts:
        coded = _CODED.match(text)
        phrase = _keyed(text, coded)
        if phrase:
            counted[phrase] += 1
        if coded:
            inside.setdefault(coded.group(1).casefold(), Counter())[" ".join(coded.group(2).casefold().split())] += 1
    found = [_word(phrase, count, (defined or {}).get(phrase), inside.get(phrase))
             for phrase, count in sorted(counted.items(), key=lambda item: (-item[1], item[0]))]
    return [_folder_word(word) if word.phrase in folders and word.reads_as is None else _in_doubt(word, found)
            for word in found]


_ENDED = ("rejected", "withdrawn", "deprecated", "superseded")  # the canonical words of a record that is no more in force
# words that say a decision was taken: a log's own word for passing (`meta`, `informational`, `living` name a kind of
# record or a state, read in force as they stand, no decision)
_DECIDED = frozenset({"accepted", "accept", "approved", "adopted", "agreed", "decided", "passed", "final", "implemented",
                      "implementable", "ratified", "enacted", "finished", "deployed", "released", "shipped", "launched",
                      "executed", "integrated", "done", "resolved"})


def _in_doubt(word: Word, found: list[Word]) -> Word:
    """A word the default reads in force whose other reading ends the record (`closed`: done in trackers, of historical
    interest only in BIPs), which the log does not define, is left unread (`"?"`) in a log that states acceptance by
    a word of its own read with no doubt that says a decision was taken (`passed`; `meta` is none): a log with its own
    word for passing does not mean passed by one that may mean given up, and a record read in force by a guess is the
    costliest misreading."""
    contested = lifecycle.CONTESTED.get(word.phrase)
    if word.reads_as not in lifecycle.IN_FORCE or word.definition is not None or not contested \
            or contested[1] not in _ENDED:
        return word
    own = next((other for other in found if other.reads_as in lifecycle.IN_FORCE and other.unsure is None
                and _DECIDED.intersection(other.phrase.split())), None)
    if own is None:
        return word
    return Word(word.phrase, lifecycle.UNREAD_MARK, word.records,
                f"the default reads {word.phrase!r} as {word.reads_as} ({contested[0]}; the other reading: {contested[1]}), "
                f"but this log states acceptance by {own.phrase!r} ({own.records} record{'s' if own.records != 1 else ''}): "
                "left unread, UNKNOWN (UNRECOGNISED_STATUS), until it is given a canonical word", word.definition)


def _folder_word(word: Word) -> Word:
    """A status folder's word provgraph does not know, declared `"?"`: the reader reads a folder only by a word it is
    given, so that its records are claims, UNKNOWN (UNRECOGNISED_STATUS), not sources only, until it is given one."""
    return Word(word.phrase, lifecycle.UNREAD_MARK, word.records,
                f"{word.unsure}; a status folder's name, declared \"?\" so that its records are read", word.definition)


def phrases(texts: list[str]) -> list[str]:
    """The phrases the status texts are keyed by, once each."""
    return list(dict.fromkeys(phrase for phrase in (phrase_of(text) for text in texts) if phrase))


def phrase_of(text: str) -> str:
    """The phrase a status text is keyed by: the shortest start that reads as the whole text, else its first word."""
    return _keyed(text, _CODED.match(text))


def _keyed(text: str, coded: re.Match[str] | None) -> str:
    """`phrase_of`, given the text's code match (`_CODED`), matched once by the caller."""
    found = lifecycle.status_words(text)
    reading = lifecycle.canonical(text)
    if coded and reading is None:
        return coded.group(1).casefold()  # `3 (finished)`, `X (abandoned)`: the code, as the reader matches it
    if reading is not None:
        for length in range(1, len(found) + 1):
            if lifecycle.canonical(" ".join(found[:length])) == reading:
                return " ".join(found[:length])
    if 1 < len(found) <= _HEADED and all(_LETTERS.fullmatch(word) for word in found):
        return " ".join(found)  # `Peer Review`, `Waiting for Approval`: a phrase, keyed whole as the files write it
    return found[0] if found else ""


def _word(phrase: str, count: int, definition: Definition | None, inside: Counter[str] | None = None) -> Word:
    newer = renamed_as(phrase, definition.text) if definition is not None else None
    if newer is not None:  # the log's own definition says it is an older name of another word
        return Word(phrase, lifecycle.canonical(newer), count, None, definition, by_definition=True)
    reading = lifecycle.canonical(phrase)
    contested = lifecycle.CONTESTED.get(phrase)
    readings = (reading, contested[1]) if reading is not None and contested else lifecycle.CANONICAL if reading is None else ()
    cued = lifecycle.reading_by_cue(definition.text, readings) \
        if definition is not None and readings and not lifecycle.says_not_known(phrase) else None
    if cued is not None:
        return Word(phrase, cued, count, None, definition, by_definition=True)
    if reading is not None:
        return Word(phrase, reading, count, f"{contested[0]} (the other reading: {contested[1]})" if contested else None,
                    definition)
    if inside:  # a code: read by the word in brackets its files write after it, when the vocabulary knows that
        word = inside.most_common(1)[0][0]
        by_inside, contested = lifecycle.canonical(word), lifecycle.CONTESTED.get(word)
        written = f"provgraph does not know {phrase!r}, written {phrase} ({word})"
        if by_inside is None:
            unread = lifecycle.why_unread(word)
            left = f", and leaves {word!r} unread ({unread})" if unread else ""
            return Word(phrase, None, count, f"{written}{left}: UNKNOWN (UNRECOGNISED_STATUS) until it is given a "
                                             "canonical word", definition)
        other = f"; {contested[0]} (the other reading: {contested[1]})" if contested else ""
        return Word(phrase, by_inside, count, f"{written}; read by the word in brackets as {by_inside}{other}", definition)
    known = _known_part(phrase)
    if known is not None:
        part, by_words = known
        contested = lifecycle.CONTESTED.get(part)
        other = f"; {contested[0]} (the other reading: {contested[1]})" if contested else ""
        return Word(phrase, by_words, count, f"provgraph does not know {phrase!r}; read by its words {part!r} as {by_words}"
                    f"{other}", definition)
    guess, near = _by_spelling(phrase)
    if guess is not None:
        return Word(phrase, guess, count, f"provgraph does not know {phrase!r}; read as a form of a word that reads "
                                          f"{guess}", definition)
    slip = spelling.misspelt(phrase)
    if slip is not None:
        return Word(phrase, slip.reading, count, f"provgraph does not know {phrase!r}; read by its spelling as "
                                                 f"{slip.named} misspelt, which reads {slip.reading}", definition)
    unread = lifecycle.why_unread(phrase)
    known_not = f"provgraph leaves {phrase!r} unread ({unread})" if unread else f"provgraph does not know {phrase!r}"
    if near is not None and not unread:
        known_not += f" (its first letters are {near!r}'s, read {lifecycle.VOCABULARY[near]}: no form of it, so not read by it)"
    return Word(phrase, None, count, f"{known_not}: UNKNOWN (UNRECOGNISED_STATUS) until it is given a canonical word",
                definition)


def _known_part(phrase: str) -> tuple[str, str] | None:
    """(part, canonical word) of the longest run of whole words, hyphens splitting them too, that the vocabulary
    knows (`activation-in-progress` -> `in progress`, proposed); at one length the last run, the head of a compound.
    Whole words a log wrote beat a shared spelling: `activation` is no `activated`."""
    parts = [part for part in _PARTS.split(phrase) if part]
    for length in range(len(parts), 0, -1):
        for start in range(len(parts) - length, -1, -1):
            run = " ".join(parts[start:start + length])
            reading = lifecycle.VOCABULARY.get(run)
            if reading is not None and run != phrase:
                return run, reading
    return None


def _by_spelling(phrase: str) -> tuple[str | None, str | None]:
    """(the canonical word, None) of a one-word unknown word that is a form of a word the vocabulary knows: both
    come to one stem of at least `spelling.STEM` letters once an ending is taken off (`accepting`, `accepted`: `accept`;
    `implementation`, `implemented`), or cut short (`proto`, `prototype`), every such word reading alike. Else (None, the nearest known word or phrase
    it shares at least `spelling.STEM` first letters with, named so the user can judge): a shared start is no shared meaning
    (`publish` is no `public review`, `ready-for-release` no `ready for review`)."""
    mine = spelling.stems(phrase) if _ONE_WORD.fullmatch(phrase) else set()
    readings = {reading for known, reading in lifecycle.VOCABULARY.items()
                if _ONE_WORD.fullmatch(known) and (mine & spelling.stems(known) or len(mine) == 1 and known.startswith(phrase))}
    if len(readings) == 1:
        return readings.pop(), None
    best: tuple[int, str] | None = None
    for known in lifecycle.VOCABULARY:
        shared = len(posixpath.commonprefix([phrase, known]))
        if shared >= spelling.STEM and (best is None or shared > best[0]):
            best = (shared, known)
    return None, best[1] if best else None

