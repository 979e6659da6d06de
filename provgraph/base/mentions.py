"""Which records a record's text names, for `provgraph suspects`: a later record that names an earlier one and says
much of what it says is how a forgetful author writes an unlinked revision (PEP 3333's text is about PEP 333).

Both sides are reduced to the same keys, so a pair is named when a key of the later record's mentions is one of
the earlier record's names:

- an id as a prefix and a number (`PEP 333`, `PEP-0333`, `ADR006`, `ADR-6`, `pep-0333.rst`, RST's
  :pep:`333`) -> `pep333`, `adr6` (letters lowercased, leading zeros dropped);
- a record file (`../adr/0004-dns-zones.md`, `[x](0004-dns-zones.md#decision)`) -> its name without folder and
  extension, lowercased: `0004-dns-zones`.

A claim's names come from its uid and aliases (`names`); its mentions from its record's text as the ingester reads
it, less the lines that declare a link (those are edges already) and less its own names (`mentions`). Plain
numbers and plain words name nothing: they would match ordinary text.
"""
from __future__ import annotations

import re
from typing import Iterable

_EXTENSIONS = (".md", ".markdown", ".rst", ".txt", ".yaml", ".yml", ".json", ".mediawiki", ".adoc")
# a prefix of 2-10 letters and a number of 1-6 digits, as one token: `PEP 333`, `ADR-0004`, `KEP#583`, `ADR006`
_ID = re.compile(r"(?<![\w./@\\-])([A-Za-z]{2,10})(?:[ \t]?[-#_:]?[ \t]?)0*(\d{1,6})(?![\d.]\d)(?!\w)")
_ID_PREFIXED = re.compile(r"(?<![\w./@\\-])([A-Za-z]{2,10})[-_ ]?0*(\d{1,6})(?=$|[-_. ])")
_ROLE = re.compile(r":([a-z]{2,10}):`[^`<]*?<?0*(\d{1,6})>?`")  # RST roles: :pep:`333`, :pep:`PEP 3333 <3333>`
_FILE = re.compile(r"(?<![\w-])([\w][\w.-]*?)(" + "|".join(re.escape(e) for e in _EXTENSIONS) + r")(?![\w])",
                   re.IGNORECASE)


def _file_key(name: str) -> str | None:
    base = name.replace("\\", "/").rsplit("/", 1)[-1].split("#", 1)[0].split("?", 1)[0]
    lowered = base.lower()
    for extension in _EXTENSIONS:
        if lowered.endswith(extension):
            lowered = lowered[: -len(extension)]
            break
    else:
        return None
    return lowered if re.search(r"[a-z]", lowered) and re.search(r"\d", lowered) else None


def _id_key(prefix: str, number: str) -> str:
    return f"{prefix.lower()}{int(number)}"


def names(uid: str, aliases: Iterable[str] = ()) -> list[str]:
    """The keys a record is named by: from its uid and each alias (a store prefix `store:` and folders dropped), its
    file's name when it is a file, and an id that leads the name (`ADR006-x.md`, `PEP-333`, `pep-0333.rst`)."""
    keys: list[str] = []
    for name in (uid, *aliases):
        if not name:
            continue
        tail = name.replace("\\", "/").rsplit("/", 1)[-1]
        tail = tail.split(":", 1)[1] if ":" in tail and not tail.startswith(":") else tail
        file_key = _file_key(tail)
        if file_key:
            keys.append(file_key)
        leading = _ID_PREFIXED.match(tail)
        if leading:
            keys.append(_id_key(leading.group(1), leading.group(2)))
    return sorted(set(keys))


# verbs that say a record takes the place of what another said: the sentence that names an earlier record with one of
# these is how an author writes a revision in prose ("This PEP replaces PEP 386", "This revisits ADR-0004"). Words
# that also describe code or plans ("instead of", "no longer", "update", "replacing", "replacement") are left out: in
# python/peps they sat next to the names of records a PEP builds on far more often than of one it replaces.
_CHANGE = re.compile(
    r"\b(?:replace[sd]?|supersede[sd]?|supercede[sd]?|obsolete[sd]?|rescind(?:s|ed)?|withdrawn|withdraws?|"
    r"deprecate[sd]?|revisit(?:s|ed)?)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`*\[(])|\n\s*\n|\n\s*[-*+]\s+|\n#+\s")


def changed(text: str | None, own: Iterable[str] = ()) -> list[str]:
    """The keys of the records `text` names in a sentence that says it takes their place (replaces, supersedes,
    obsoletes, rescinds, withdraws, deprecates, revisits), less `own`: a subset of `mentions`."""
    if not text:
        return []
    found: set[str] = set()
    for sentence in _SENTENCE.split(text):
        if _CHANGE.search(sentence):
            found.update(mentions(sentence, own))
    return sorted(found)


def mentions(text: str | None, own: Iterable[str] = ()) -> list[str]:
    """The keys of the records `text` names (ids, record files), less `own` (the record's own names)."""
    if not text:
        return []
    found: set[str] = set()
    for match in _ROLE.finditer(text):
        found.add(_id_key(match.group(1), match.group(2)))
    for match in _ID.finditer(text):
        found.add(_id_key(match.group(1), match.group(2)))
    for match in _FILE.finditer(text):
        key = _file_key(match.group(0))
        if key:
            found.add(key)
            leading = _ID_PREFIXED.match(key)
            if leading:
                found.add(_id_key(leading.group(1), leading.group(2)))
    return sorted(found - set(own))


__all__ = ["changed", "mentions", "names"]
