"""A template told from a record by its text: the placeholders a template's top holds for its author to fill in.

A file named for a template (`0000-template.md`, `xep-template.xml`) is a template, set aside, only when its top shows
a placeholder; one that states a status and shows none is a record about templates (crossplane's
`one-pager-template-stacks`, `* Status: Defunct`). The placeholders, in its first `HEAD_LINES` lines:
- a field whose value is a template's placeholder: the process's words offered as a choice (`lifecycle.placeholder`:
  `Draft | Active`, `Draft, Accepted or Rejected`, `<TAP number>`), or between slashes (`Proposed/Accepted/Deprecated`), or a number's
  (`NN`, `xxxx`, `####`), after a prefix too (`SSWG-NNNN`); of a link, its text is the value (`[SSWG-NNNN](NNNN-name)`);
- a date's form (`YYYY-MM-DD`, `yyyy-mm`, `MM/DD/YYYY`, `DD-MMM-YY`);
- an instruction in angle brackets (`<to be assigned>`, `<First Last>`; a tag or an address is none) or a name in braces
  (`{TITLE}`, `{{ title }}`);
- words to the author (`your name`, `(date you submit your PR)`) or an example's address (`a@example.com`).
"""
from __future__ import annotations

import re
from itertools import chain
from typing import Iterable, Sequence

from provgraph.ingest import lifecycle
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
_LINK = re.compile(r"\[([^\[\]]+)\]\([^()]*\)")  # `[SSWG-NNNN](NNNN-filename)`: its text is the value
_PREFIXED = re.compile(r"[A-Za-z]{1,10}[- ](\S+)")  # `SSWG-NNNN`: the number's place after the series' prefix


def placeholders(lines: Sequence[str], values: Iterable[str] = ()) -> list[str]:
    """What in a file's top, or among its fields' `values` (an XML record's elements), is a template's placeholder:
    each kind found, with its first instance (`a date's form 'YYYY-MM'`); empty for a record's top."""
    head = list(lines[:HEAD_LINES])
    found = []
    value = next((value for value in chain(values, (value for line in head for value in _values(line)))
                  if not _AUTOLINK.fullmatch(value)
                  and (lifecycle.placeholder(value) or _numbered(value) or _slashed(value))), None)
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
