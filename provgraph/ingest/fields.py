"""Field helpers shared by the ingesters of records inside exports (tickets, logs, cards).

Everything here is defensive on purpose: an export is untrusted data, so a value of the
wrong type, a timestamp out of range or bytes that are not UTF-8 must end as a
quarantined record or as kept text, never as an exception that stops the run.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, BinaryIO, Generator, Iterable, Iterator

from provgraph.base.errors import InputError
from provgraph.base.times import parse_time
from provgraph.ingest.binary import SAMPLE, binary_message, binary_reason
from provgraph.ingest.records import EdgeRecord, Notice, Quarantined, canonical_json, sha256_hex
from provgraph.ingest.regular import NotRegular, open_regular

# Edge kinds written as reference fields (front matter, log entries, card verbs).
REFERENCE_FIELDS = {
    "corrects": "CORRECTS",
    "supersedes": "SUPERSEDES",
    "invalidates": "INVALIDATES",
    "amends": "AMENDS",
    "depends_on": "DEPENDS_ON",
    "conflicts_with": "CONFLICTS_WITH",
}
_REASON_LIMIT = 300
_UTF8_BOM = "\ufeff"


class BadRecord(ValueError):
    """One record cannot be used; the ingester quarantines it and goes on."""


# Exceptions that, raised while building one record from untrusted data, quarantine it.
RECORD_ERRORS = (ValueError, TypeError, OverflowError, RecursionError)


def short(value: object, limit: int = 60) -> str:
    """A value as it may appear inside a one-line message: repr'd and cut."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def quarantine(file: object, line: int | None, error: BaseException | str) -> Quarantined:
    reason = str(error) if not isinstance(error, RecursionError) else "record nested too deeply"
    reason = " ".join(reason.split()) or type(error).__name__
    if len(reason) > _REASON_LIMIT:
        reason = reason[: _REASON_LIMIT - 3] + "..."
    return Quarantined(file=str(file), line=line, reason=reason)


def _a_file(path: Path) -> None:
    """InputError unless `path` is a file that exists."""
    if not path.exists():
        raise InputError(path, "no such file")
    if path.is_dir():
        raise InputError(path, "is a folder, expected a file")


def _open(path: Path) -> BinaryIO:
    """The input file open for reading, a link to it followed (the user named it); InputError when it is missing, a
    folder, a device, named pipe or socket (never read, never waited on: provgraph/ingest/regular.py) or unreadable."""
    _a_file(path)
    try:
        return open_regular(path, follow=True)
    except NotRegular as error:
        raise InputError(path, f"a {error.reason}, not a file") from None
    except OSError as error:
        raise InputError(path, f"cannot read: {error.strerror or error}") from None


def read_bytes(path: Path) -> bytes:
    """The bytes of an input file; InputError when it is missing, a folder, not a regular file, unreadable or binary."""
    handle = _open(path)
    try:
        with handle:
            data = handle.read()
    except OSError as error:
        raise InputError(path, f"cannot read: {error.strerror or error}") from None
    reason = binary_reason(data)
    if reason:
        raise InputError(path, binary_message(reason))
    return data


def decode(data: bytes) -> tuple[str, bool]:
    """A whole file as UTF-8 text (a leading BOM dropped); bytes that are not UTF-8 become U+FFFD.

    Returns the text and whether any bytes had to be replaced.
    """
    text, replaced = _utf8(data)
    return (text[1:] if text.startswith(_UTF8_BOM) else text), replaced


def _utf8(data: bytes) -> tuple[str, bool]:
    try:
        return data.decode("utf-8"), False
    except UnicodeDecodeError:
        return data.decode("utf-8", errors="replace"), True


def invalid_utf8_notice(file: object, line: int | None = None) -> Notice:
    where = f"{file}:{line}" if line is not None else str(file)
    return Notice(kind="invalid_utf8", subject=where, detail="bytes that are not UTF-8 were kept as U+FFFD")


@dataclass(frozen=True)
class Line:
    number: int  # 1-based physical line
    text: str  # without its line terminator
    replaced: bool  # bytes that were not UTF-8 became U+FFFD


def read_lines(path: Path, start: int = 0, before: int = 0, digest: Any = None) -> Iterator[Line]:
    """Physical lines split on LF only (other separators such as U+2028 are data), read one at a time as they are
    asked for: the file is never held whole, so memory follows the longest line, not the file.

    InputError, before the first line, when the file is missing, a folder, unreadable or binary (its first 8 KiB).
    A file ending in LF, or an empty one, ends with an empty line, as `split` would give it. `start` (a byte just after
    an LF, with `before` lines before it) reads from there on, numbered as a whole read numbers them; `digest` (a
    hashlib object) is fed every line that ends in LF, so it ends as the hash of the file through its last LF.
    """
    handle = _open_input(path)
    with handle:
        number, raw = before, b""
        try:
            if start:
                handle.seek(start)
            for raw in handle:
                number += 1
                if digest is not None and raw.endswith(b"\n"):
                    digest.update(raw)
                if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]
                text, replaced = _utf8(raw[:-1] if raw.endswith(b"\n") else raw)
                yield Line(number, text[:-1] if text.endswith("\r") else text, replaced)
        except OSError as error:
            raise InputError(path, f"cannot read: {error.strerror or error}") from None
        if number == 0 or raw.endswith(b"\n") or (start and number == before):
            yield Line(number + 1, "", False)


def _open_input(path: Path) -> BinaryIO:
    """The file open for reading, checked as `read_bytes` checks it, at the start."""
    handle = _open(path)
    try:
        head = handle.read(SAMPLE)
        handle.seek(0)
    except OSError as error:
        handle.close()
        raise InputError(path, f"cannot read: {error.strerror or error}") from None
    reason = binary_reason(head)
    if reason:
        handle.close()
        raise InputError(path, binary_message(reason))
    return handle


def load_json(text: str) -> Any:
    """JSON without NaN/Infinity (they are not JSON and not canonical)."""
    return json.loads(text, parse_constant=_reject_constant)


def json_file(path: Path) -> Generator[Notice, None, Any]:
    """A whole export file as JSON (`value = yield from json_file(path)`): yields the invalid-UTF-8 notice first when
    bytes had to be replaced; InputError when the file is missing, binary or not JSON."""
    text, replaced = decode(read_bytes(path))
    if replaced:
        yield invalid_utf8_notice(path)
    try:
        return load_json(text)
    except (ValueError, RecursionError) as error:
        raise InputError(path, f"not JSON ({' '.join(str(error).split())[:120]})") from None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def record_sha(record: Any) -> str:
    """Snapshot hash of a record inside an export: sha256 over its canonical JSON."""
    return sha256_hex(canonical_json(record))


def time_field(value: object, name: str) -> datetime:
    """A required timestamp; any unusable value raises BadRecord."""
    if value is None or value == "":
        raise BadRecord(f"missing {name}")
    try:
        return parse_time(value)
    except (ValueError, TypeError, OverflowError, OSError):
        raise BadRecord(f"{name} is not a timestamp: {short(value)}") from None


def optional_time(value: object, name: str) -> datetime | None:
    if value is None or value == "":
        return None
    return time_field(value, name)


def scalar_text(value: object, name: str) -> str:
    """A text field: None -> '', numbers and booleans written as JSON writes them."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    raise BadRecord(f"{name} must be text, not {type(value).__name__}")


def value_text(value: object) -> str | None:
    """A claim value: strings as they are, anything else as canonical JSON."""
    if value is None:
        return None
    if isinstance(value, str):
        return value
    return canonical_json(value).decode("utf-8")


def identifier(value: object, name: str) -> str:
    """An id: a non-empty string or an integer, surrounding whitespace dropped."""
    if isinstance(value, bool) or value is None:
        raise BadRecord(f"missing {name}" if value is None else f"{name} must be text, not a boolean")
    if isinstance(value, int):
        return str(value)
    if not isinstance(value, str):
        raise BadRecord(f"{name} must be text, not {type(value).__name__}")
    text = value.strip()
    if not text:
        raise BadRecord(f"empty {name}")
    return text


def optional_text(value: object, name: str) -> str | None:
    text = scalar_text(value, name).strip()
    return text or None


def reference_list(value: object, name: str, *, split_commas: bool = False) -> list[str]:
    """A reference field: one id or a list of ids (a comma-separated string in logfmt)."""
    if value is None or value == "":
        return []
    items = value if isinstance(value, list) else [value]
    references: list[str] = []
    for item in items:
        if isinstance(item, str) and split_commas:
            references.extend(part.strip() for part in item.split(",") if part.strip())
        elif isinstance(item, str):
            if item.strip():
                references.append(item.strip())
        else:
            references.append(identifier(item, name))
    return references


@dataclass(frozen=True)
class LabelFields:
    subject: str | None = None
    scope: str | None = None
    value: str | None = None


_LABEL_PREFIX = re.compile(r"^\s*(subject|scope|value)\s*:\s*(.*?)\s*$", re.IGNORECASE | re.DOTALL)


def label_fields(labels: Iterable[str]) -> LabelFields:
    """`subject:<k>`, `scope:<s>`, `value:<v>` labels set those fields; the first of each wins."""
    found: dict[str, str] = {}
    for label in labels:
        match = _LABEL_PREFIX.match(label)
        if match and match.group(2):
            found.setdefault(match.group(1).lower(), match.group(2))
    return LabelFields(subject=found.get("subject"), scope=found.get("scope"), value=found.get("value"))


def join_text(*parts: str) -> str:
    return "\n\n".join(part for part in parts if part)


def first_line_title(content: str) -> str | None:
    for line in content.splitlines():
        title = line.strip().lstrip("#").strip()
        if title:
            return title
    return None


def finish_edges(claim_uid: str, edges: Iterable[EdgeRecord], aliases: Iterable[str] = ()) -> tuple[tuple[EdgeRecord, ...], list[Notice]]:
    """Drop duplicate edges and self-references (each self-reference with a Notice)."""
    own = {claim_uid, *aliases}
    kept: list[EdgeRecord] = []
    notices: list[Notice] = []
    seen: set[tuple[str, str, str, str | None]] = set()
    for edge in edges:
        key = (edge.kind, edge.from_ref, edge.to_ref, edge.verb)
        if key in seen:
            continue
        seen.add(key)
        if edge.from_ref in own and edge.to_ref in own:
            notices.append(Notice(kind="self_reference", subject=claim_uid, detail=f"{edge.kind} to itself dropped"))
            continue
        kept.append(edge)
    return tuple(kept), notices


def reference_edges(claim_uid: str, fields: dict[str, Any], *, split_commas: bool = False) -> list[EdgeRecord]:
    """Edges from the reference fields corrects/supersedes/... (this claim -> each target)."""
    edges: list[EdgeRecord] = []
    for name, kind in REFERENCE_FIELDS.items():
        for target in reference_list(fields.get(name), name, split_commas=split_commas):
            edges.append(EdgeRecord(kind=kind, from_ref=claim_uid, to_ref=target))
    return edges

