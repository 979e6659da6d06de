"""Jira issues: the CSV export ("Export > CSV (all fields)") and the JSON search response.

The CSV export repeats column names (`Labels`, `Component/s`, `Outward issue link
(<Type>)`, `Inward issue link (<Type>)`), one column per value, so every column of a
name is collected. Each issue is its own Source and Claim (the issue key); issue links
become revision and link edges in the direction the link type means.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from provgraph.base.errors import InputError
from provgraph.base.times import to_iso
from provgraph.ingest import lifecycle, register
from provgraph.ingest.fields import (RECORD_ERRORS, BadRecord, decode, finish_edges, identifier, invalid_utf8_notice, join_text, json_file,
                                     label_fields, optional_time, quarantine, read_bytes, record_sha, scalar_text)
from provgraph.ingest.records import ClaimRecord, EdgeRecord, IngestOptions, Notice, Observation, Record, SnapshotRecord, SourceRecord, quote_hash

_LINK_COLUMN = re.compile(r"^(outward|inward)\s+issue\s+link\s*\((.+)\)\s*$", re.IGNORECASE)
_CSV_FIELD_LIMIT = 64 * 1024 * 1024


@dataclass
class JiraIssue:
    """One issue as either export states it; `raw` is what the snapshot hash covers."""

    key: str
    summary: str
    description: str
    status: str
    resolution: str
    created: object
    updated: object
    labels: list[str]
    links: list[tuple[str, str, str]]  # (outward|inward, link type name, other issue key)
    raw: Any
    line_start: int | None = None
    line_end: int | None = None
    quote_sha256: str | None = None
    notices: list[Notice] = field(default_factory=list)


@register("tickets", "jira-csv")
def ingest_jira_csv(path: Path, options: IngestOptions) -> Iterator[Record]:
    text, replaced = decode(read_bytes(path))
    if replaced:
        yield invalid_utf8_notice(path)
    lines = io.StringIO(text, newline="").readlines()
    csv.field_size_limit(max(csv.field_size_limit(), _CSV_FIELD_LIMIT))
    reader = csv.reader(iter(lines))
    try:
        header = [name.strip() for name in next(reader)]
    except StopIteration:
        raise InputError(path, "empty file: no CSV header") from None
    except csv.Error as error:
        raise InputError(path, f"not CSV ({error})") from None
    folded = [name.casefold() for name in header]
    if "issue key" not in folded:
        raise InputError(path, "no `Issue key` column: not a Jira CSV export")
    previous_end = reader.line_num
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            yield quarantine(path, previous_end + 1, f"unreadable CSV row: {error}")
            previous_end = reader.line_num
            continue
        start, end = previous_end + 1, reader.line_num
        previous_end = end
        if not any(cell.strip() for cell in row):
            continue
        try:
            issue = _csv_issue(header, folded, row)
            issue.line_start, issue.line_end = start, end
            issue.quote_sha256 = quote_hash(line.rstrip("\r\n") for line in lines[start - 1 : end])
            yield from issue_records(issue, options)
        except RECORD_ERRORS as error:
            yield quarantine(path, start, error)


@register("tickets", "jira-json")
def ingest_jira_json(path: Path, options: IngestOptions) -> Iterator[Record]:
    response = yield from json_file(path)
    issues = response.get("issues") if isinstance(response, dict) else None
    if not isinstance(issues, list):
        raise InputError(path, "no `issues` array: not a Jira search response")
    for index, entry in enumerate(issues):
        try:
            yield from issue_records(_json_issue(entry), options)
        except RECORD_ERRORS as error:
            yield quarantine(path, None, f"issues[{index}]: {error}")


def issue_records(issue: JiraIssue, options: IngestOptions) -> Iterator[Record]:
    """The Observation and notices for one Jira issue, whichever export it came from."""
    created = optional_time(issue.created, "Created")
    updated = optional_time(issue.updated, "Updated")
    revised_at = updated or created
    if revised_at is None:
        raise BadRecord(f"{issue.key}: missing Updated and Created")
    labels = label_fields(issue.labels)
    notices = list(issue.notices)
    edges: list[EdgeRecord] = []
    for direction, link_type, other in issue.links:
        edge, notice = link_edge(issue.key, direction, link_type, other)
        edges.append(edge)
        if notice:
            notices.append(notice)
    kept, self_notices = finish_edges(issue.key, edges)
    sha = record_sha(issue.raw)
    claim = ClaimRecord(
        uid=issue.key,
        text=join_text(issue.summary, issue.description),
        subject=labels.subject,
        value=labels.value,
        scope=labels.scope,
        asserted_at=created,
        declared=declared_word(issue.status, issue.resolution),
        line_start=issue.line_start,
        line_end=issue.line_end,
        quote_sha256=issue.quote_sha256 or sha,
    )
    yield Observation(
        source=SourceRecord(uid=f"{options.store}:{issue.key}", locator=issue.key, kind="ticket", title=issue.summary or None),
        snapshot=SnapshotRecord(sha256=sha, revised_at=revised_at, version=to_iso(updated)),  # ISO, not the export's own date text
        claims=(claim,),
        edges=kept,
    )
    yield from _unique(notices + self_notices)


def declared_word(status: str, resolution: str) -> str | None:
    """The lifecycle word a Jira status/resolution pair declares: a resolution that closes the issue
    without doing it (Won't Do, Duplicate, Withdrawn) first, else the status (provgraph/ingest/lifecycle.py)."""
    closed_as = lifecycle.canonical(resolution)
    if closed_as in ("rejected", "superseded", "withdrawn"):
        return closed_as
    return lifecycle.declared_word(status)


def link_edge(key: str, direction: str, link_type: str, other: str) -> tuple[EdgeRecord, Notice | None]:
    """One issue link as an edge; direction is `outward` (this -> other) or `inward`."""
    name = " ".join(link_type.casefold().split())
    outward = direction == "outward"
    if name in ("supersedes", "supersede", "superseded"):
        return _edge("SUPERSEDES", key, other, outward), None
    if name in ("duplicate", "duplicates"):
        # outward "duplicates X": X supersedes this; inward "is duplicated by Y": this supersedes Y
        return _edge("SUPERSEDES", key, other, not outward), None
    if name in ("blocks", "block", "blocker"):
        # outward "blocks X": X depends on this; inward "is blocked by X": this depends on X
        return _edge("DEPENDS_ON", key, other, not outward), None
    if name in ("relates", "relate", "related"):
        return _edge("RELATES", key, other, outward, verb="relates"), None
    notice = Notice(kind="unknown_link_type", subject=key, detail=f"link type {link_type!r} recorded as RELATES")
    return _edge("RELATES", key, other, outward, verb=name), notice


def _edge(kind: str, key: str, other: str, from_this: bool, verb: str | None = None) -> EdgeRecord:
    if from_this:
        return EdgeRecord(kind=kind, from_ref=key, to_ref=other, verb=verb)
    return EdgeRecord(kind=kind, from_ref=other, to_ref=key, verb=verb)


def _csv_issue(header: list[str], folded: list[str], row: list[str]) -> JiraIssue:
    columns: dict[str, list[str]] = {}
    raw: dict[str, Any] = {}
    links: list[tuple[str, str, str]] = []
    for index, name in enumerate(header):
        cell = row[index] if index < len(row) else ""
        columns.setdefault(folded[index], []).append(cell)
        raw.setdefault(name, []).append(cell)
        link = _LINK_COLUMN.match(name)
        if link and cell.strip():
            links.append((link.group(1).lower(), link.group(2).strip(), cell.strip()))
    if len(row) > len(header):
        raw[""] = row[len(header) :]  # cells past the header are still part of the record

    def first(column: str) -> str:
        return next((cell for cell in columns.get(column, []) if cell.strip()), "")

    def every(column: str) -> list[str]:
        return [cell.strip() for cell in columns.get(column, []) if cell.strip()]

    key = identifier(first("issue key"), "Issue key")
    return JiraIssue(
        key=key,
        summary=first("summary").strip(),
        description=first("description"),
        status=first("status"),
        resolution=first("resolution"),
        created=first("created").strip() or None,
        updated=first("updated").strip() or None,
        labels=every("labels"),
        links=links,
        raw={name: cells[0] if len(cells) == 1 else cells for name, cells in raw.items()},
    )


def _json_issue(entry: Any) -> JiraIssue:
    if not isinstance(entry, dict):
        raise BadRecord(f"not an object but {type(entry).__name__}")
    key = identifier(entry.get("key"), "key")
    fields = entry.get("fields")
    if not isinstance(fields, dict):
        raise BadRecord(f"{key}: no `fields` object")
    labels = fields.get("labels") or []
    if not isinstance(labels, list):
        raise BadRecord(f"{key}: labels must be a list")
    links: list[tuple[str, str, str]] = []
    notices: list[Notice] = []
    for link in fields.get("issuelinks") or []:
        parsed = _json_link(link)
        if parsed:
            links.append(parsed)
        else:
            notices.append(Notice(kind="unreadable_link", subject=key, detail="an issue link without type or issue key was skipped"))
    return JiraIssue(
        key=key,
        summary=scalar_text(fields.get("summary"), "summary").strip(),
        description=_description(fields.get("description")),
        status=_name(fields.get("status")),
        resolution=_name(fields.get("resolution")),
        created=fields.get("created"),
        updated=fields.get("updated"),
        labels=[label for label in labels if isinstance(label, str)],
        links=links,
        raw=entry,
        notices=notices,
    )


def _json_link(link: Any) -> tuple[str, str, str] | None:
    if not isinstance(link, dict):
        return None
    link_type = _name(link.get("type"))
    for direction in ("outward", "inward"):
        other = link.get(f"{direction}Issue")
        key = other.get("key") if isinstance(other, dict) else None
        if link_type and isinstance(key, str) and key.strip():
            return direction, link_type, key.strip()
    return None


def _name(value: Any) -> str:
    """`status`/`resolution`/`type` objects carry a `name`; null means none."""
    if isinstance(value, dict):
        value = value.get("name")
    return value.strip() if isinstance(value, str) else ""


def _description(value: Any) -> str:
    """A v2 description is text; a v3 one is an Atlassian Document (ADF): keep its text."""
    if value is None or isinstance(value, str):
        return value or ""
    if isinstance(value, dict):
        if value.get("type") == "text" and isinstance(value.get("text"), str):
            return value["text"]
        parts = [_description(child) for child in value.get("content") or [] if isinstance(child, (dict, str))]
        joiner = "\n" if value.get("type") == "doc" else ""
        return joiner.join(part for part in parts if part)
    return scalar_text(value, "description")


def _unique(notices: list[Notice]) -> list[Notice]:
    return list(dict.fromkeys(notices))
