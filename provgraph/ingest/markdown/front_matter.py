"""The `adr` reading's front matter: the mapping YAML front matter holds (read by formats/yaml_fields.py, the home of
reading YAML front matter: where it ends, the YAML read as written, its problems), checked field by field.

A value of the wrong shape raises `BadFrontMatter` with its 1-based line; the caller quarantines
the whole front matter (never half a claim).
"""
from __future__ import annotations

import re
import reprlib
from datetime import date, datetime, time, timezone
from typing import Any

from provgraph.base.times import parse_time
from provgraph.ingest.fields import REFERENCE_FIELDS
from provgraph.ingest.formats.field import BadMetadata
from provgraph.ingest.formats.yaml_fields import NOT_CLOSED, loaded_mapping, type_name
from provgraph.ingest.markdown.document import Document
from provgraph.ingest.markdown.references import REVERSE_REFERENCE_FIELDS


class BadFrontMatter(Exception):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


def front_matter_fields(document: Document) -> dict[str, Any]:
    """Validated front matter fields; raises BadFrontMatter with a 1-based line."""
    assert document.front_matter is not None
    if "__unclosed__" in document.front_matter:
        raise BadFrontMatter(1, NOT_CLOSED)
    try:
        loaded, _ = loaded_mapping("\n".join(document.front_matter_lines), "front matter", first_line=2)
    except BadMetadata as problem:
        raise BadFrontMatter(problem.line or 1, problem.reason) from None
    raw: dict[str, Any] = {}
    for key, value in loaded.items():
        if isinstance(key, str):
            raw.setdefault(key.strip().lower().replace("-", "_"), value)

    def line_of(key: str) -> int:
        pattern = re.compile(rf"\s*['\"]?{re.escape(key)}['\"]?\s*:", re.IGNORECASE)
        for index, line in enumerate(document.front_matter_lines):
            if pattern.match(line.replace("-", "_")):
                return index + 2
        return 1

    def scalar(key: str) -> str | None:
        value = raw.get(key)
        if value is None:
            return None
        text = _scalar_text(value)
        if text is None:
            raise BadFrontMatter(line_of(key), f"front matter `{key}` must be a single value, got {type_name(value)}")
        return text

    def moment(key: str) -> datetime | None:
        value = raw.get(key)
        if value is None or value == "":
            return None
        try:
            if isinstance(value, date) and not isinstance(value, datetime):
                value = datetime.combine(value, time(), tzinfo=timezone.utc)
            if isinstance(value, str) or isinstance(value, (datetime, int, float)) and not isinstance(value, bool):
                return parse_time(value).astimezone(timezone.utc)
        except (ValueError, OverflowError, OSError):
            pass
        raise BadFrontMatter(line_of(key), f"front matter `{key}` is not a timestamp: {_preview(value)}")

    def references(key: str) -> list[str]:
        value = raw.get(key)
        if value is None:
            return []
        items = value if isinstance(value, list) else [value]
        found: list[str] = []
        for item in items:
            text = _scalar_text(item)
            if text is None or isinstance(item, bool):
                raise BadFrontMatter(line_of(key), f"front matter `{key}` must be an id, a path or a list of them, got {type_name(item)}")
            if text.strip():
                found.append(text.strip())
        return found

    fields: dict[str, Any] = {}
    identifier = raw.get("id")
    if identifier is not None:
        text = _scalar_text(identifier)
        if text is None or isinstance(identifier, bool) or not text.strip():
            raise BadFrontMatter(line_of("id"), f"front matter `id` must be a non-empty string, got {_preview(identifier)}")
        fields["id"] = text.strip()
    for key in ("subject", "value", "scope", "status", "title"):
        fields[key] = scalar(key)
    for key in ("date", "valid_from", "valid_until"):
        fields[key] = moment(key)
    fields["aliases"] = references("aliases")
    for key in (*REFERENCE_FIELDS, *REVERSE_REFERENCE_FIELDS):
        fields[key] = references(key)
    # the keys read above aside, every scalar as text: a declared field (`--field status=stage`) and the summary's hint
    # of a status kept under another key read them
    fields["unread"] = {key: text for key, value in raw.items() if key not in fields and key != "id"
                        and (text := _scalar_text(value)) is not None}
    return fields


def _scalar_text(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return None


_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxlevel, _SHORT_REPR.maxlist, _SHORT_REPR.maxdict, _SHORT_REPR.maxstring, _SHORT_REPR.maxother = 2, 4, 4, 60, 60


def _preview(value: Any) -> str:
    return _SHORT_REPR.repr(value)  # bounded even for YAML alias bombs and recursive lists
