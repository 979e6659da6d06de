"""A template told from a record by its text: the placeholders a template's top holds for its author to fill in.

A file named for a template (`0000-template.md`, `xep-template.xml`) is a template, set aside, only when its top shows
a placeholder; one that states a status and shows none is a record about templates (crossplane's
`one-pager-template-stacks`, `* Status: Defunct`). The placeholders, in its first `HEAD_LINES` lines:
- a field whose value is a template's placeholder: the process's words offered as a choice (`placeholders.placeholder`:
  `Draft | Active`, `Draft, Accepted or Rejected`, `<TAP number>`), or between slashes (`Proposed/Accepted/Deprecated`), or a number's
  (`NN`, `xxxx`, `####`), after a prefix too (`SSWG-NNNN`); of a link, its text is the value (`[SSWG-NNNN](NNNN-name)`);
- a date's form (`YYYY-MM-DD`, `yyyy-mm`, `MM/DD/YYYY`, `DD-MMM-YY`);
- an instruction in angle brackets (`<to be assigned>`, `<First Last>`; a tag or an address is none) or a name in braces
  (`{TITLE}`, `{{ title }}`); a field whose whole value is an instruction in round brackets, two words or more and no
  status (`RFC: (PR number)`, `Status: (Change to Proposed when it's ready for review)`);
- words to the author (`your name`, `(date you submit your PR)`) or an example's address (`a@example.com`).

A template's title is a placeholder too (`placeholder_title`): `[Short Title]`, `Title (Required)`, `<title>`, after
the id it is to carry (`ADR-000: [Short Title]`); a record's title names its decision.
"""
from __future__ import annotations

import re
from itertools import chain
from typing import Iterable, Sequence

from provgraph.ingest import lifecycle
from provgraph.ingest.placeholders import placeholder
from provgraph.ingest.formats.declaration import ID_PLACEHOLDER

HEAD_LINES = 40
_LABELLED = re.compile(r"^[^\w\n]*[A-Za-z][\w #.-]{0,30}?[*_`]*[ \t]*:[ \t]*(.+)$")
_SIGNS = {
    "a date's form": re.compile(r"\b(?:YYYY|yyyy)[-/.](?:MM|mm)\b|\b(?:MM|DD|mm|dd)/(?:DD|MM|dd|mm)/(?:YYYY|yyyy)\b"
                                r"|\b(?:DD|dd)[-/.](?:MMM|MM|mmm|mm)[-/.](?:YYYY|YY|yyyy|yy)\b"),
    "an instruction in angle brackets": re.compile(r"<[A-Za-z][\w'’,.()-]*(?:[ \t]+[\w'’,.()|-]+)+>"),
    "a name in braces": re.compile(r"\{\{?[ \t]*[A-Za-z][\w .-]{0,40}\}\}?"),
    "words to the author": re.compile(r"\byour[ _-]+(?:name|e-?mail|github|handle|user ?name)\b|\byou@"
                                      r"|\([^()\n]*\byour?\b[^()\n]*\)", re.IGNORECASE),
    "an example's address": re.compile(r"@example\.(?:com|org|net)\b", re.IGNORECASE),
}
_AUTOLINK = re.compile(r"<[^<>\s]*[:@][^<>\s]*>")  # `<https://x.org/pull/1>`, `<ann@x.org>`: no placeholder
_TEMPLATE_WORD = re.compile(r"\btemplates?\b", re.IGNORECASE)
_INSTRUCTION = re.compile(r"\(([^()]*\S[ \t]+\S[^()]*)\)")  # a value that is all an instruction in round brackets
_TITLE_ID = re.compile(r"^(?:[A-Za-z]+[-_ ]?)?(?:\d+|N+|X+|x+|#+)[ \t]*[:.\u2013\u2014-][ \t]*")  # `ADR-000: `, `RFC NNN - `
_BRACKETED_TITLE = re.compile(r"\[[^\[\]]+\]|<[^<>]+>|\{\{?[^{}]+\}\}?|\([^()]+\)")
_NOTE = re.compile(r"[ \t]*(?:\([^()]*\)|\[[^\[\]]*\])")  # `Title (Required)`: a note to the author beside it
_TITLE_WORDS = 3  # `Title`, `Short Title`, `Your Proposal Title`: a title's placeholder is a few words, the last `title`
_LINK = re.compile(r"\[([^\[\]]+)\]\([^()]*\)")  # `[SSWG-NNNN](NNNN-filename)`: its text is the value
_PREFIXED = re.compile(r"[A-Za-z]{1,10}[- ](\S+)")  # `SSWG-NNNN`: the number's place after the series' prefix


def placeholders(lines: Sequence[str], values: Iterable[str] = ()) -> list[str]:
    """What in a file's top, or among its fields' `values` (an XML record's elements), is a template's placeholder:
    each kind found, with its first instance (`a date's form 'YYYY-MM'`); empty for a record's top."""
    head = list(lines[:HEAD_LINES])
    found = []
    value = next((value for value in chain(values, (value for line in head for value in _values(line)))
                  if not _AUTOLINK.fullmatch(value)
                  and (placeholder(value) or _numbered(value) or _slashed(value) or _instruction(value))), None)
    if value is not None:
        found.append(f"a field's placeholder {value!r}")
    text = "\n".join(head)
    for kind, sign in _SIGNS.items():
        instance = sign.search(text)
        if instance:
            found.append(f"{kind} {instance.group()!r}")
    return found


def titled(title: str) -> bool:
    """Whether a record's title names it a template (`GEP template`, `RFC Template`)."""
    return bool(_TEMPLATE_WORD.search(title))


def placeholder_title(title: str) -> bool:
    """Whether a title is its template's placeholder, after the id it is to carry: all in brackets (`[Short Title]`,
    `<title>`, `{{ title }}`), or a few words ending in `title`, a note aside (`Title (Required)`, `RFC Title`)."""
    text = _TITLE_ID.sub("", title.strip().strip("#*_`").strip(), count=1).strip()
    if _BRACKETED_TITLE.fullmatch(text):
        return True
    words = _NOTE.sub("", text).split()
    return 0 < len(words) <= _TITLE_WORDS and words[-1].casefold() == "title"


def _instruction(value: str) -> bool:
    """A value that is all an instruction in round brackets, no status (`(PR number)`; `(Draft)` is a status)."""
    found = _INSTRUCTION.fullmatch(value)
    return found is not None and lifecycle.canonical(found.group(1)) is None


def _values(line: str) -> list[str]:
    """The values a line of a file's top gives: a table row's cells after its first, else a `Label: value` line's."""
    if line.lstrip().startswith("|"):
        cells = [cell.strip().strip("*_`").strip() for cell in line.strip().strip("|").split("|")]
        return [cell for cell in cells[1:] if cell]
    labelled = _LABELLED.match(line)
    value = labelled.group(1).strip().strip("*_`").strip() if labelled else ""
    link = _LINK.fullmatch(value)
    value = link.group(1).strip().strip("*_`").strip() if link else value
    return [value] if value else []


def _numbered(value: str) -> bool:
    """A number's placeholder (`NNNN`, `xxxx`), alone or after a prefix (`SSWG-NNNN`)."""
    prefixed = _PREFIXED.fullmatch(value)
    return bool(ID_PLACEHOLDER.fullmatch(value) or prefixed and ID_PLACEHOLDER.fullmatch(prefixed.group(1)))


def _slashed(value: str) -> bool:
    """The process's words between slashes, three or more, two known (`raw/draft/stable/deprecated`)."""
    parts = [part.strip() for part in value.split("/")]
    return len(parts) >= 3 and all(parts) and sum(1 for part in parts if lifecycle.canonical(part) is not None) >= 2
