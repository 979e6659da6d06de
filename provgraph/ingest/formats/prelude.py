"""What may come before a record's RST field list or `name: value` lines and is passed over (metadata.py's
`field-list` and `lines`): an RST directive with its indented lines (`.. role:: raw-text(raw)` over `   :format: html`:
the directive's options, never the record's fields), an RST label (`.. _pep-1:`), a MyST label (`(nap3)=`), a Markdown
title, and a fence marked as RST (```` ```{eval-rst} ````, ```` ```rst ````), whose field list is then read."""
from __future__ import annotations

import re

_ATX_TITLE = re.compile(r"#{1,6}\s")
_MYST_LABEL = re.compile(r"\([^()\s]+\)=")
_RST_FENCE = re.compile(r"(?:```|~~~)\s*(?:\{eval-rst\}|rst)", re.IGNORECASE)
_META = re.compile(r"\.\.\s+meta::\s*")


def past_directive(lines: list[str], index: int) -> int:
    """The index past the RST directive at `index` (a line starting `.. `) and the indented or blank lines under it;
    past only the line of a `.. meta::`, whose indented field list is the document's own metadata (docutils), so read."""
    if _META.fullmatch(lines[index].strip()):
        return index + 1
    index += 1
    while index < len(lines) and (not lines[index].strip() or lines[index][:1].isspace()):
        index += 1
    return index


def passed_over(stripped: str) -> bool:
    """Whether a line (stripped) is prelude: a directive or label, a MyST label, a Markdown title, an RST fence."""
    return stripped.startswith(".. ") or bool(_ATX_TITLE.match(stripped) or _MYST_LABEL.fullmatch(stripped)
                                               or _RST_FENCE.fullmatch(stripped))
