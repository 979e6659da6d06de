"""Decision and config logs: one entry per line, as JSON Lines or logfmt.

Each entry is its own Source (`<store>:<file name>#<id>`) with one Claim (the entry id).
A log is append-only, so every Observation carries its group (the file) and sequence
(the line number); the pipeline detects rewrites from those. A line that cannot be used
is quarantined with its number and the lines after it are still read. A log read before is read from its kept end
when the lines read then are unchanged (provgraph/ingest/kept.py).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from provgraph.base.errors import InputError
from provgraph.ingest import register
from provgraph.ingest.kept import read_from_kept_end
from provgraph.ingest.fields import (RECORD_ERRORS, Line, finish_edges, identifier, invalid_utf8_notice, load_json, optional_text, optional_time,
                                     quarantine, read_lines, record_sha, reference_edges, scalar_text, time_field, value_text)
from provgraph.ingest.records import ClaimRecord, IngestOptions, Notice, Observation, Record, SnapshotRecord, SourceRecord, quote_hash

LineParser = Callable[[str], dict[str, Any]]
_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "r": "\r"}


class LogLineError(ValueError):
    """A line that is not an entry in the log's format."""


def parse_jsonl_line(text: str) -> dict[str, Any]:
    """One JSON Lines entry: a JSON object. Raises LogLineError."""
    try:
        entry = load_json(text)
    except RecursionError:
        raise LogLineError("JSON nested too deeply") from None
    except ValueError as error:
        raise LogLineError(f"not JSON: {error}") from None
    if not isinstance(entry, dict):
        raise LogLineError(f"a JSON {type(entry).__name__}, not an object")
    return entry


def parse_logfmt_line(text: str) -> dict[str, str]:
    """One logfmt entry: `key=value key="quoted \\"value\\"" bare_key`. Raises LogLineError.

    A bare key means `true`; the last of repeated keys wins. Escapes in quoted values:
    \\" \\\\ \\n \\t \\r \\uXXXX; any other backslash is kept as written.
    """
    fields: dict[str, str] = {}
    position, length = 0, len(text)
    while True:
        while position < length and text[position].isspace():
            position += 1
        if position >= length:
            return fields
        start = position
        while position < length and not text[position].isspace() and text[position] not in '="':
            position += 1
        key = text[start:position]
        if not key:
            raise LogLineError(f"column {position + 1}: expected a key, found {text[position]!r}")
        if position < length and text[position] == '"':
            raise LogLineError(f"column {position + 1}: quote inside key {key[:40]!r}")
        if position >= length or text[position].isspace():
            fields[key] = "true"
            continue
        position += 1  # the '='
        if position < length and text[position] == '"':
            value, position = _quoted(text, position + 1)
            if position < length and not text[position].isspace():
                raise LogLineError(f"column {position + 1}: text right after the closing quote of {key[:40]!r}")
        else:
            start = position
            while position < length and not text[position].isspace():
                position += 1
            value = text[start:position]
        fields[key] = value


def _quoted(text: str, position: int) -> tuple[str, int]:
    parts: list[str] = []
    length = len(text)
    while position < length:
        char = text[position]
        if char == '"':
            return "".join(parts), position + 1
        if char == "\\" and position + 1 < length:
            escape = text[position + 1]
            if escape in _ESCAPES:
                parts.append(_ESCAPES[escape])
                position += 2
                continue
            digits = text[position + 2 : position + 6]
            if escape == "u" and len(digits) == 4 and all(c in "0123456789abcdefABCDEF" for c in digits):
                code = int(digits, 16)
                if not 0xD800 <= code <= 0xDFFF:
                    parts.append(chr(code))
                    position += 6
                    continue
            parts.append(char)
            position += 1
            continue
        parts.append(char)
        position += 1
    raise LogLineError("quoted value never closed")


@register("logs", "jsonl")
def ingest_jsonl(path: Path, options: IngestOptions) -> Iterator[Record]:
    yield from _ingest(path, options, parse_jsonl_line, "JSON Lines")


@register("logs", "logfmt")
def ingest_logfmt(path: Path, options: IngestOptions) -> Iterator[Record]:
    yield from _ingest(path, options, parse_logfmt_line, "logfmt")


def _ingest(path: Path, options: IngestOptions, parse: LineParser, format_name: str) -> Iterator[Record]:
    # A file that is not this format at all fails as a whole (InputError) before any record is yielded; the check
    # reads up to the first line that parses. Then the file is read again, one line at a time (streamed), from its
    # kept end when the lines before it are unchanged (provgraph/ingest/kept.py).
    yield from read_from_kept_end(
        path, options, lambda: _some_entry(path, parse, format_name),
        lambda lines: _records(path, options, _parsed(lines, parse), split_commas=parse is parse_logfmt_line))


def _some_entry(path: Path, parse: LineParser, format_name: str) -> None:
    first: tuple[int, str] | None = None
    for line in read_lines(path):
        if not line.text.strip():
            continue
        try:
            parse(line.text)
            return
        except RECORD_ERRORS as error:
            first = first or (line.number, str(error))
    if first is not None:
        raise InputError(path, f"no line is {format_name} (line {first[0]}: {first[1]})")


def _parsed(lines: Iterable[Line], parse: LineParser) -> Iterator[tuple[Line, dict[str, Any] | None, str | None]]:
    for line in lines:
        if not line.text.strip():
            continue
        try:
            yield line, parse(line.text), None
        except RECORD_ERRORS as error:
            yield line, None, str(error)


def _records(
    path: Path, options: IngestOptions, parsed: Iterable[tuple[Line, dict[str, Any] | None, str | None]], *,
    split_commas: bool
) -> Iterator[Record]:
    seen: dict[str, int] = {}  # one entry per id: the repeated-id notice needs the line that had it first
    for line, entry, error in parsed:
        if line.replaced:
            yield invalid_utf8_notice(path, line.number)
        if entry is None:
            yield quarantine(path, line.number, error or "unreadable line")
            continue
        try:
            records = entry_records(entry, line, path.name, options, split_commas=split_commas)
        except RECORD_ERRORS as failure:
            yield quarantine(path, line.number, failure)
            continue
        uid = records[0].claims[0].uid
        if uid in seen:
            yield Notice(kind="duplicate_id", subject=f"{path}:{line.number}", detail=f"id {uid!r} also on line {seen[uid]}")
        seen.setdefault(uid, line.number)
        yield from records


def entry_records(
    entry: dict[str, Any], line: Line, file_name: str, options: IngestOptions, *, split_commas: bool = False
) -> list[Any]:
    """The Observation (first) and notices for one parsed log entry on `line`."""
    moment = time_field(entry.get("ts"), "ts")
    uid = identifier(entry["id"], "id") if entry.get("id") is not None else f"{options.store}:{line.number}"
    subject = optional_text(entry.get("subject"), "subject") or optional_text(entry.get("key"), "key")
    text = scalar_text(entry.get("text"), "text") or scalar_text(entry.get("msg"), "msg")
    edges, notices = finish_edges(uid, reference_edges(uid, entry, split_commas=split_commas))
    claim = ClaimRecord(
        uid=uid,
        text=text,
        subject=subject,
        value=value_text(entry.get("value")),
        scope=optional_text(entry.get("scope"), "scope"),
        asserted_at=moment,
        valid_from=optional_time(entry.get("valid_from"), "valid_from"),
        valid_until=optional_time(entry.get("valid_until"), "valid_until"),
        line_start=line.number,
        line_end=line.number,
        quote_sha256=quote_hash([line.text]),
    )
    locator = f"{file_name}#{uid}"
    observation = Observation(
        source=SourceRecord(uid=f"{options.store}:{locator}", locator=locator, kind="log-entry", container=file_name),
        snapshot=SnapshotRecord(sha256=record_sha(entry), revised_at=moment),
        claims=(claim,),
        edges=edges,
        append_only_group=f"{options.store}:{file_name}",
        sequence=line.number,
    )
    return [observation, *notices]
