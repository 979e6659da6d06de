"""What a template leaves where a record states its status, which states none: a **placeholder**, the process's words
offered as a choice (`Draft | Proposed | Accepted`, `<TAP number>`), and an **instruction**, a block quote under a status
heading (`> A decision may be "proposed" ...`). A quote that holds a status and nothing else (`> Accepted`, `> Superseded
by [ADR019](...)`) is its author's: a template's quote kept, its text replaced by the record's status.
"""
from __future__ import annotations

import re
from collections.abc import Mapping

from provgraph.ingest import lifecycle

_BRACKETED = re.compile(r"\s*(?:<([^<>]*)>|\{([^{}]*)\})\s*")
_OR = re.compile(r"\s*,\s*(?:or\s+)?|\s+or\s+")


def placeholder(text: str | None) -> bool:
    """Whether a status text is a template's placeholder, no status: the process's words offered as a choice, two or
    more status words between `|` (`Draft | Proposed | Accepted`, `<Draft | Active | ...>`,
    `{Deprecated|Proposed|Accepted}`); or between commas, in brackets two or more (`{Draft, In Review, Ready for
    Implementation, Implemented}`), else a list of three status words or more, each part a word the vocabulary knows
    (`Implementable, Released, Dormant, Declined`, or `Draft, Accepted or Rejected`: an "or" before the last; a record may
    state two, `Accepted, Implemented`); or a text in angle or curly
    brackets that is no status word (`{status}`, `<TAP number>`; `<Draft>` is its author's Draft)."""
    if not text:
        return False
    bracketed = _BRACKETED.fullmatch(text)
    inside = next((group for group in bracketed.groups() if group is not None), "") if bracketed else text
    parts = [part for part in inside.split("|") if part.strip()]
    if len(parts) >= 2 and sum(1 for part in parts if lifecycle.canonical(part) is not None) >= 2:
        return True
    parts = [" ".join(part.split()).casefold() for part in inside.split(",") if part.strip()]
    if bracketed and len(parts) >= 2 and sum(1 for part in parts if lifecycle.canonical(part) is not None) >= 2:
        return True
    if len(parts) >= 3 and all(part in lifecycle.VOCABULARY for part in parts):
        return True
    offered = [part for part in _OR.split(" ".join(inside.split()).casefold()) if part]
    if len(offered) >= 3 and all(part in lifecycle.VOCABULARY for part in offered):
        return True  # `Draft, Accepted, Adopted, Deferred or Rejected`: a choice, its last word after an "or"
    return bracketed is not None and lifecycle.canonical(inside) is None


_EMPHASES = (re.compile(r"\*\*([^*]+)\*\*"), re.compile(r"__([^_]+)__"),
             re.compile(r"(?<![*A-Za-z0-9])\*(?!\*)([^*]+)(?<!\*)\*(?![*A-Za-z0-9])"),
             re.compile(r"(?<![_A-Za-z0-9])_(?!_)([^_]+)(?<!_)_(?![_A-Za-z0-9])"))
_MARKUP = re.compile(r"[*_]+")


def stated(text: str) -> str:
    """What a status text states: of a template's list of the process's words kept in a record (a placeholder once
    its markup is aside), the one word emphasised where the others are not, as a ticked box states its item
    (`_Proposed, **Accepted**, Implemented, Obsolete_` -> `Accepted`); any other text as it is (none or two words
    emphasised, the list stays the template's)."""
    if not placeholder(_MARKUP.sub("", text).strip()):
        return text
    chosen = {found.group(1).strip() for emphasis in _EMPHASES for found in emphasis.finditer(text)
              if len(_OR.split(found.group(1).strip())) == 1 and "|" not in found.group(1)}
    words = [word for word in chosen if lifecycle.canonical(word) is not None]
    return words[0] if len(chosen) == 1 and len(words) == 1 else text


_QUOTE = re.compile(r"[ \t]*(?:>[ \t]*)+")


def instruction(line: str, words: Mapping[str, str] | None = None, above: str = "") -> bool:
    """Whether a line under a status heading is a template's instruction, not a status: a block quote (`> A decision
    may be "proposed" ...`), unless it opens its quote (`above`, the line before it, is none) and quotes a status
    alone (`status_alone`: `> Accepted` is its author's; the template's `> Accepted or Rejected` stays one, and so
    does an example inside a template's quote, `>     Accepted` under `> must be one of: ...`)."""
    quoted = line.lstrip().startswith(">")
    return quoted and (above.lstrip().startswith(">") or not status_alone(unquoted(line), words))


def unquoted(line: str) -> str:
    """A line without its block quote's marks (`> > Accepted` -> `Accepted`)."""
    return _QUOTE.sub("", line, count=1) if line.lstrip().startswith(">") else line


def status_alone(text: str, words: Mapping[str, str] | None = None) -> bool:
    """Whether a text is one status phrase (the store's `words` first) and nothing else (`Accepted`, `**On hold**.`),
    or a phrase ending in "by" and what it names (`Superseded by [ADR019](...)`); not a choice (`Accepted or Rejected`)
    nor a sentence that starts with a status word."""
    reading = lifecycle.read_word(text, words)
    if reading is None or reading.origin == "unrecognised":
        return False
    said, found = reading.phrase.split(), lifecycle.status_words(text)
    return len(found) == len(said) or said[-1] == "by"
