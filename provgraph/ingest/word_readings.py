"""The status words an ingest of files met and how it read each: the summary's `words` and `no status` lines.

Every record file's snapshot says what its record states of its own status (`Observation.stated`): the word as read
(`lifecycle.read_word`: the canonical word, from the store's words or the default vocabulary, or not recognised), or
no word, with the fields that hold status-like words. `WordTally` keeps each record's latest version as the first pass
reads them (a file read in many git versions counts once, as it stands; a deleted one not at all), as a digest of
its source uid, and `WordTally.read()` counts them: each word with its records and reading, a word communities read
differently flagged when the default vocabulary read it (with the `--word` that reads it the other way), a word it
did not know that is one slip from a known word (`implemeted`) flagged, left unread, with the `--word` that reads it so, the claims
that state no status (judged by their links alone), and, when no record states one though they have metadata, the
field whose values look like status words (never when one does: its field is where the status stands).
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from provgraph.base.text import counted
from provgraph.ingest.lifecycle import CANONICAL, CONTESTED, why_unread
from provgraph.ingest.spelling import Misspelt, misspelt
from provgraph.ingest.records import Observation, StatusStated

_LISTED = 12  # plain words a text line lists (the JSON lists every one)
_VALUES = 4  # status-like values a hint names
_ORIGINS = {"store": "store's words", "default": "default"}


def _toml_key(phrase: str) -> str:
    """A phrase as a TOML key: bare when it can be (`closed`), else quoted (`"in progress"`)."""
    return phrase if re.fullmatch(r"[A-Za-z0-9_-]+", phrase) else json.dumps(phrase)


@dataclass(frozen=True)
class WordCount:
    """One status word met: as written, how many records state it now, and its reading."""

    written: str
    phrase: str
    records: int
    declared: str
    origin: str  # store, default, unrecognised
    contested: tuple[str, str] | None = None  # (how communities differ, the other reading): read by the default

    @property
    def unread(self) -> bool:
        """Not read as a canonical word: unknown, or declared "?" by the store's words."""
        return self.origin == "unrecognised" or self.declared not in CANONICAL

    @property
    def why_unread(self) -> str | None:
        """Why a word is left unread on purpose: the default vocabulary's reason, or the store's `"?"`."""
        return why_unread(self.phrase) if self.origin == "unrecognised" else \
            "the store's words leave it unread" if self.unread else None

    @property
    def misspelling(self) -> Misspelt | None:
        """The known word an unknown word's first word is one slip from (`implemeted`): it stays unread (a guess is
        the user's to make), its `--word` named."""
        return misspelt(self.phrase.split()[0]) if self.origin == "unrecognised" and not self.why_unread else None

    @property
    def flagged(self) -> bool:
        return self.contested is not None or self.misspelling is not None

    def text(self) -> str:
        if self.unread:
            unread, slip = self.why_unread, self.misspelling
            told = (f"{self.written} {self.records} -> not recognised (UNKNOWN UNRECOGNISED_STATUS"
                    + (f"; left unread: {unread})" if unread else ")"))
            if slip is None:
                return told
            first = self.phrase.split()[0]
            return (f"{told[:-1]}; spelt one slip from {slip.named}, which reads {slip.reading}) -- to read it so: "
                    f"{self.option} or in provgraph.toml [store.words] {_toml_key(first)} = \"{slip.reading}\"")
        told = f"{self.written} {self.records} -> {self.declared} ({_ORIGINS[self.origin]}"
        if self.contested is None:
            return told + ")"
        differ, other = self.contested
        return (f"{told}; communities differ: {differ}) -- to read it as {other}: {self.option} "
                f"or in provgraph.toml [store.words] {_toml_key(self.phrase)} = \"{other}\"")

    @property
    def option(self) -> str | None:
        """The `--word` that reads a flagged word the other way (contested) or as the word it is misspelt from."""
        slip = self.misspelling
        if slip is not None:
            return f"--word '{self.phrase.split()[0]}={slip.reading}'"
        return f"--word '{self.phrase}={self.contested[1]}'" if self.contested else None

    def as_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {"word": self.written, "phrase": self.phrase, "records": self.records,
                                 "read_as": None if self.unread else self.declared,
                                 "from": self.origin}
        if self.why_unread:
            found["unread_because"] = self.why_unread
        if self.contested:
            found.update(communities_differ=self.contested[0], other_reading=self.contested[1], change=self.option,
                         config=f"[store.words] {self.phrase} = \"{self.contested[1]}\"")
        slip = self.misspelling
        if slip is not None:
            found.update(misspelling_of=list(slip.known), its_reading=slip.reading, change=self.option,
                         config=f"[store.words] {self.phrase.split()[0]} = \"{slip.reading}\"")
        return found


@dataclass(frozen=True)
class WordReadings:
    """What `WordTally.read` counts: the words met, and the records that state none."""

    words: tuple[WordCount, ...] = ()
    no_status_claims: int = 0  # claims whose record states no status word: judged by their links alone
    no_status_sources: int = 0  # record files that state none, read as sources only (counted on a `reading` line)
    with_metadata: int = 0  # of the records that state none, those with metadata where they could
    status_like: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()  # field -> (value, records), most first

    @property
    def stated(self) -> int:
        return sum(word.records for word in self.words)

    @property
    def hint(self) -> str | None:
        """`--field status=stage` when the records that state no status keep status-like words in a field."""
        return f"--field status={self.status_like[0][0]}" if self.status_like else None

    def lines(self) -> list[str]:
        """The summary's lines, labelled as its other lines are."""
        plain = [word for word in self.words if not word.flagged]
        said = "; ".join(word.text() for word in plain[:_LISTED])
        rest = plain[_LISTED:]
        if rest:
            said += f"; and {counted(len(rest), 'more word')} ({counted(sum(w.records for w in rest), 'record')}; "
            said += "every one in --output json)"
        lines = [f"  words       {said}"] if said else []
        lines += [f"  words       {word.text()}" for word in self.words if word.flagged]
        told = self._no_status()
        if told:
            lines.append(f"  no status   {told}")
        return lines

    def _no_status(self) -> str | None:
        unstated = self.no_status_claims + self.no_status_sources
        judged = "judged by their links alone (ACTIVE unless revised)"
        if not self.stated and self.with_metadata:
            told = (f"NO record states a status word, though {self.with_metadata} of {unstated} have metadata"
                    + (f": all {counted(self.no_status_claims, 'claim')} are {judged}" if self.no_status_claims else ""))
        elif self.no_status_claims:
            told = f"{counted(self.no_status_claims, 'claim')} state{'s' if self.no_status_claims == 1 else ''} no status word: {judged}"
        else:
            told = None
        if self.status_like:
            field, values = self.status_like[0]
            listed = ", ".join(f"{value} {count}" for value, count in values[:_VALUES]) + (", ..." if len(values) > _VALUES else "")
            hint = f"no status field read; field '{field}' holds status-like words ({listed}): {self.hint}"
            told = f"{told}; {hint}" if told else hint
        return told

    def as_dict(self) -> dict[str, Any]:
        return {"words": [word.as_dict() for word in self.words],
                "no_status": {"claims": self.no_status_claims, "sources_only": self.no_status_sources,
                              "with_metadata": self.with_metadata,
                              "status_like": {field: dict(values) for field, values in self.status_like},
                              "hint": self.hint}}


class WordTally:
    """Each record's latest `stated`, as the first pass reads its snapshots; `read` counts them."""

    def __init__(self) -> None:
        self._latest: dict[int, int] = {}  # digest of the source uid -> its latest entry
        self._entries: dict[tuple[StatusStated, bool], int] = {}  # (stated, a claim) -> entry number

    def observe(self, observation: Observation) -> None:
        source = hash(observation.source.uid)
        if observation.stated is None:  # a tombstone, or no record file: not (any more) a record that states
            self._latest.pop(source, None)
            return
        entry = (observation.stated, bool(observation.claims))
        self._latest[source] = self._entries.setdefault(entry, len(self._entries))

    def read(self) -> WordReadings:
        entries = {number: entry for entry, number in self._entries.items()}
        per_entry = Counter(self._latest.values())
        words: dict[str, Counter[tuple[str, str]]] = {}
        written: dict[str, Counter[str]] = {}
        claims = sources = with_metadata = 0
        status_like: dict[str, Counter[str]] = {}
        for number, records in per_entry.items():
            stated, claim = entries[number]
            word = stated.word
            if word is not None:
                words.setdefault(word.phrase, Counter())[(word.declared, word.origin)] += records
                written.setdefault(word.phrase, Counter())[word.written] += records
                continue
            claims += records if claim else 0
            sources += 0 if claim else records
            with_metadata += records if stated.metadata else 0
            for field, value in stated.status_like:
                status_like.setdefault(field, Counter())[value] += records
        counts = [WordCount(written[phrase].most_common(1)[0][0], phrase, count, declared, origin,
                            CONTESTED.get(phrase) if origin == "default" else None)
                  for phrase, readings in words.items() for (declared, origin), count in readings.items()]
        counts.sort(key=lambda word: (-word.records, word.phrase))
        # a record that states a word shows where the status is: another field is then no status kept elsewhere
        # (Sentry's `RFC Type: informational` beside the `RFC Status` the others state), so it is hinted only when none does
        fields = [] if words else sorted(status_like.items(), key=lambda item: (-sum(item[1].values()), item[0]))
        return WordReadings(tuple(counts), claims, sources, with_metadata,
                            tuple((field, tuple(values.most_common())) for field, values in fields))

