"""A status word's other spellings: the forms of a known word, and a known word misspelt.

A word is a form of a known word (`stems`) when both come to one stem once an ending is taken off (`accepting`,
`accepted`: `accept`). A word is a known word misspelt (`misspelt`) when it is one slip from it: a letter dropped
(`implemeted`), a letter doubled (`superceeded`), two letters side by side swapped (`withdrwan`), a vowel written as
another (`obsolate`), or the first two letters of another ending slipped in before the known word's ending
(`implementated`: `implement` + `at` of `-ation` + `ed`); both at least `LONG` letters and starting with the same `STEM`
letters, so that a short word or another word's start is no slip (`publish` is no `public`, `unresolved` no
`resolved`), nor a consonant added or replaced (`reversed` is no `reverted`). Neither a form nor a slip is read by the
ingest: the proposal proposes the reading, marked unsure, and the ingest summary names the `--word` that would read it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from provgraph.ingest.lifecycle import VOCABULARY

STEM = 5  # letters a form shares with a known word once an ending is off, and a slip's word starts with
LONG = 7  # letters a misspelt word and the word it is read as have at least: a shorter one is too near too many words
SYLLABLE = 2  # letters slipped in before the ending (`implement-at-ed`)
ENDINGS = ("ations", "ation", "itions", "ition", "ions", "ion", "ments", "ment", "ings", "ing", "ised", "ized", "ise",
           "ize", "able", "ible", "ive", "ers", "er", "ed", "es", "al", "ly", "s", "d", "e")  # a word's form: no other meaning
_LETTERS = re.compile(r"[^\W\d_]+")
_VOWELS = frozenset("aeiouy")


def stems(word: str) -> set[str]:
    """The stems a word may be a form of: itself, and without each ending it has (a doubled last consonant
    undoubled: `deferred` -> `defer`), each of at least `STEM` letters."""
    found = {word}
    for ending in ENDINGS:
        stem = word[:-len(ending)]
        if word.endswith(ending) and len(stem) >= STEM:
            found.add(stem)
            if len(stem) > STEM and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
                found.add(stem[:-1])
    return found


@dataclass(frozen=True)
class Misspelt:
    """A word read as a known word it is one slip from."""

    known: tuple[str, ...]  # the known words it is one slip from, all read alike (`superceded`)
    reading: str  # their canonical word

    @property
    def named(self) -> str:
        return " or ".join(repr(word) for word in self.known)


def misspelt(word: str) -> Misspelt | None:
    """The default vocabulary's one-word words that `word`, a one-word word it does not know, is one slip from, when
    they all read alike; None when none is, or they read differently."""
    if word in VOCABULARY or not _LETTERS.fullmatch(word) or len(word) < LONG:
        return None
    near = sorted(known for known in VOCABULARY if _LETTERS.fullmatch(known) and _slipped(word, known))
    readings = {VOCABULARY[known] for known in near}
    return Misspelt(tuple(near), readings.pop()) if len(readings) == 1 else None


def _slipped(word: str, known: str) -> bool:
    """Whether `word` is `known` with one slip (the module's docstring), the two starting alike."""
    if len(known) < LONG or word[:STEM] != known[:STEM]:
        return False
    return _one_edit(word, known) or any(_syllable_in(word, known, ending) for ending in ENDINGS if known.endswith(ending))


def _one_edit(word: str, known: str) -> bool:
    """A letter dropped, a letter doubled, two side by side swapped, or a vowel written as another (`obsolate`):
    the slips of a hand or of a sound; a consonant added or replaced makes another word (`reversed`, `deplored`)."""
    if abs(len(word) - len(known)) > 1:
        return False
    start = next((index for index, (mine, theirs) in enumerate(zip(word, known)) if mine != theirs), min(len(word), len(known)))
    if len(word) == len(known):
        vowel = word[start] in _VOWELS and known[start] in _VOWELS and word[start + 1:] == known[start + 1:]
        swapped = word[start:start + 2] == known[start:start + 2][::-1] and word[start + 2:] == known[start + 2:]
        return vowel or swapped
    if len(word) < len(known):
        return word[start:] == known[start + 1:]
    doubled = word[start] == word[start - 1] if start else False
    return doubled and word[start + 1:] == known[start:]


def _syllable_in(word: str, known: str, ending: str) -> bool:
    """`word` is `known`'s stem, the first `SYLLABLE` letters of another ending, then `known`'s ending: `implement` +
    `at` (of `-ation`) + `ed`; letters no ending starts with make another word (`block-ad-ed`)."""
    stem, slipped = known[:-len(ending)], word[len(known) - len(ending):len(word) - len(ending)]
    return len(word) == len(known) + SYLLABLE and len(stem) >= STEM and word.startswith(stem) and word.endswith(ending) \
        and any(other.startswith(slipped) for other in ENDINGS if other != ending)
