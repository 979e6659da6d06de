"""What a metadata place reads: a `Field` (its value and line), the `Field: value` line, and what a place meets that
it cannot read (`BadMetadata`) or reads in part (`PartlyRead`). The readers are metadata.py, yaml_fields.py,
headings.py, tables.py, xml_fields.py."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

@dataclass(frozen=True)
class Field:
    value: Any  # text as written, or a list (YAML)
    line: int | None = None  # 1-based, in the record's text; None when the value is not in it


class BadMetadata(ValueError):
    """Metadata a place cannot read as its kind; `fallback`: what its lines give read as `Field: value` lines."""

    def __init__(self, line: int | None, reason: str, fallback: Fields | None = None) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason
        self.fallback: Fields = fallback or {}


class PartlyRead(BadMetadata):
    """A place read with something in it left out (a key stated twice, a line that is no `Field: value`): `fallback`
    is what it read, and the record is read on; what was left out is a notice, never a silent drop."""

    def __init__(self, line: int | None, reason: str, fallback: Fields) -> None:
        super().__init__(line, reason, fallback)


def empty(value: Any) -> bool:
    """Whether a value states nothing (None, blanks, a list of those): it does not win over a later one."""
    if isinstance(value, list):
        return all(empty(item) for item in value)
    return value is None or (isinstance(value, str) and not value.strip())


Fields = dict[str, Field]


HEADER_NAME = r"[A-Za-z][\w.-]*(?: [\w.-]+){0,3}"
# `Name: value`; or `Name:value` (`tip:127`) when the colon is the line's first, its name ends in a letter (no time,
# `at 12:30`; no host, `example.com:8080`) and no `/`, `\` or `:` follows it (no URL, `https://x`; no path)
HEADER = re.compile(r"(?:(?=[^:]*:(?:[ \t]|$))|(?!(?i:mailto|urn|tel|data|file|news):)(?=[A-Za-z][\w -]*[A-Za-z_-]:[^\s/\\:]))"
                     rf"({HEADER_NAME})[ \t]*:[ \t]*(.*)")
