"""Markdown files (`ingest files DIR`): one Observation per file, a claim for decision records.

A file yields a claim when it has YAML front matter or is an ADR (a `## Status` section,
or a MADR header line `* Status: accepted`); other Markdown files are sources only. The
conventions read are Nygard/adr-tools (`# N. Title`, `Date:` line, `## Status` whose first
words give the lifecycle, link lines such as `Superceded by [..](path)`) and MADR (front
matter or `* Status:` / `* Date:` header bullets, `## Decision Outcome`).

Front matter scalars are read as written: `id: 0004` stays "0004" and `date: 2024-03-04`
is parsed by `parse_time`, not by YAML's implicit int/bool/date typing. A front matter
value of the wrong shape (a list where an id belongs, a date that is not a date) makes the
whole front matter unusable: it is quarantined with its line, and the file is still
recorded as a source with no claim (never half a claim).

References (front matter lists and link lines) are normalised so the pipeline can resolve
them by claim uid or alias: a relative path becomes the store-relative posix path of the
target (an alias of the target's claim), URLs and plain ids stay as written. Link lines in
a file that has no claim are ignored (there is nothing for them to link), and so are
links inside fenced code blocks.

Directories whose name starts with "." (`.git`, `.github`, ...) are not walked.
"""
from __future__ import annotations

import os
import posixpath
import re
import reprlib
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timezone
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import unquote

import yaml

from provgraph.errors import InputError
from provgraph.ingest import register
from provgraph.ingest.records import (
    ClaimRecord,
    EdgeRecord,
    IngestOptions,
    Notice,
    Observation,
    Quarantined,
    Record,
    Skipped,
    SnapshotRecord,
    SourceRecord,
    quote_hash,
    sha256_hex,
)
from provgraph.ingest import lifecycle
from provgraph.ingest.binary import binary_message, binary_reason
from provgraph.ingest.fields import REFERENCE_FIELDS, decode, invalid_utf8_notice, read_bytes
from provgraph.ingest.selection import FileSelection
from provgraph.ingest.times import AmbiguousDate, parse_numeric_date, parse_time

MARKDOWN_SUFFIXES = (".md", ".markdown")

# Front matter keys holding references, and the edge each one records (self -> target): REFERENCE_FIELDS.
# Same meaning, recorded on the other side (target -> self).
REVERSE_REFERENCE_FIELDS = {
    "corrected_by": "CORRECTS",
    "superseded_by": "SUPERSEDES",
    "invalidated_by": "INVALIDATES",
    "amended_by": "AMENDS",
}


# Link lines: verb -> (edge kind, True when the edge points from the target to this file).
_LINK_VERBS = {
    "supersedes": ("SUPERSEDES", False),
    "supercedes": ("SUPERSEDES", False),
    "superseded by": ("SUPERSEDES", True),
    "superceded by": ("SUPERSEDES", True),
    # read only on a status line (## Status section, `Status:` line, front matter status):
    # any link there names the successor
    "superseded": ("SUPERSEDES", True),
    "superceded": ("SUPERSEDES", True),
    "replaced by": ("SUPERSEDES", True),
    "obsoleted by": ("SUPERSEDES", True),
    "amends": ("AMENDS", False),
    "amended by": ("AMENDS", True),
}
_STATUS_LINE_VERBS = ("superseded", "superceded", "replaced by", "obsoleted by")
_LINK_LINE = re.compile(
    r"(supersedes|supercedes|superseded\s+by|superceded\s+by|amends|amended\s+by"
    r"|superseded|superceded|replaced\s+by|obsoleted\s+by)\b[\s:*_]*(.*)",
    re.IGNORECASE,
)
_MARKDOWN_LINK = re.compile(r"\[[^\]\n]{0,500}\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+\"[^\"\n]*\")?\s*\)")
_HEADING_MARK = re.compile(r" {0,3}(#{1,6})(?=[ \t]|$)")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
_HEADER_FIELD = re.compile(r"\s*(?:[*+-]\s+)?(?:\*\*|__)?(status|date)(?:\*\*|__)?\s*:(?:\*\*|__)?\s*(.*)", re.IGNORECASE)
_LEADING_MARKUP = re.compile(r"^[\W_]+")
_STRIKETHROUGH = re.compile(r"~~.*?~~")
_FIRST_WORD = re.compile(r"[A-Za-z]+")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
_DATE_FORMATS = ("%d %B %Y", "%d %b %Y", "%B %d, %Y", "%b %d, %Y", "%Y/%m/%d")
_TITLE_LIMIT = 1000

# YAML with only the null and merge implicit types: every other scalar stays the string written.
class _FrontMatterLoader(yaml.SafeLoader):
    pass


_FrontMatterLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag in ("tag:yaml.org,2002:null", "tag:yaml.org,2002:merge")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


class _BadFrontMatter(Exception):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


@dataclass
class _Heading:
    index: int  # 0-based line index
    level: int
    text: str


@dataclass
class _Document:
    lines: list[str]
    body_start: int  # 0-based index of the first line after the front matter
    front_matter: dict[str, Any] | None
    front_matter_lines: list[str] = field(default_factory=list)
    headings: list[_Heading] = field(default_factory=list)
    in_fence: list[bool] = field(default_factory=list)


# ---------------------------------------------------------------- the ingester


@register("files")
def read_files(path: Path, options: IngestOptions) -> Iterator[Record]:
    """Every Markdown file under `path` (a directory, walked sorted) or `path` itself."""
    path = Path(path)
    if not path.exists():
        raise InputError(path, "no such file or directory")
    if path.is_file():
        if not is_markdown_name(path.name):
            raise InputError(path, "not a Markdown file (expected .md or .markdown)")
        read_bytes(path)  # one file that is missing, unreadable or binary is unusable input as a whole
        root, files = path.parent, [path]
    elif path.is_dir():
        root, files = path, list(_walk(path))
    else:
        raise InputError(path, "not a file or directory")
    selection = FileSelection.from_options(options.options)
    seen_ids: dict[str, str] = {}
    for file in files:
        relpath = file.relative_to(root).as_posix()
        reason = selection.skip_reason(relpath) if path.is_dir() else None  # a file named on its own is read
        if reason is not None:
            yield Skipped(relpath, reason)
            continue
        try:
            data = file.read_bytes()
            revised_at = datetime.fromtimestamp(file.stat().st_mtime, tz=timezone.utc)
        except OSError as error:
            yield Quarantined(relpath, None, f"cannot read: {error.strerror or error}")
            continue
        for record in parse_markdown(relpath, data, revised_at, options, dated=True):
            if isinstance(record, Observation):
                for claim in record.claims:
                    if claim.uid in seen_ids:
                        yield Notice("duplicate_id", claim.uid, f"{relpath} uses the id of {seen_ids[claim.uid]}")
                    seen_ids.setdefault(claim.uid, relpath)
            yield record


def is_markdown_name(name: str) -> bool:
    return name.lower().endswith(MARKDOWN_SUFFIXES)


def is_walked(relpath: str) -> bool:
    """Whether a store-relative path is one the files ingester reads (Markdown, no dot-directory)."""
    parts = relpath.split("/")
    return is_markdown_name(parts[-1]) and not any(part.startswith(".") for part in parts[:-1])


def _walk(root: Path) -> Iterator[Path]:
    found: list[tuple[str, Path]] = []
    for directory, subdirectories, names in os.walk(root):
        subdirectories[:] = [name for name in subdirectories if not name.startswith(".")]
        for name in names:
            if is_markdown_name(name):
                file = Path(directory) / name
                if file.is_file():
                    found.append((file.relative_to(root).as_posix(), file))
    for _, file in sorted(found):
        yield file


# ---------------------------------------------------------------- parsing one file


def parse_markdown(
    relpath: str, data: bytes, revised_at: datetime, options: IngestOptions, version: str | None = None,
    *, dated: bool = False, identity: str | None = None, former_paths: tuple[str, ...] = (),
) -> list[Record]:
    """The records of one version of one Markdown file (pure: no I/O).

    `relpath` is the posix path relative to the store root; `data` the exact bytes;
    `revised_at` the time the store is known to have held them (commit or mtime). A record's
    own date later than that is capped to it (the record existed then). With `dated` (a
    plain folder, no history) an earlier own date becomes the snapshot's time. `identity`
    is the path the source was first ingested under when git followed a rename to `relpath`
    (`former_paths` its earlier names, kept as aliases).
    Returns one Observation plus any Quarantined / Notice records.
    """
    records: list[Record] = []
    where = relpath if version is None else f"{relpath}@{version}"
    binary = binary_reason(data)
    if binary:  # a PNG named .md is not a decision record: say so, store nothing
        return [Notice("not_text", where, f"skipped: {binary_message(binary)}")]
    text, replaced = decode(data)
    if replaced:
        records.append(invalid_utf8_notice(where))
    document = _split(text)
    fields: dict[str, Any] | None = None
    if document.front_matter is not None:
        try:
            fields = _front_matter_fields(document)
        except _BadFrontMatter as problem:
            records.append(Quarantined(where, problem.line, problem.reason))
    title = _title(document) or (fields or {}).get("title")

    identity = identity or relpath
    source = SourceRecord(
        uid=f"{options.store}:{identity}",
        locator=relpath,
        kind="markdown",
        title=title[:_TITLE_LIMIT] if title else None,
    )
    snapshot = SnapshotRecord(sha256=sha256_hex(data), revised_at=revised_at, version=version)
    claims: tuple[ClaimRecord, ...] = ()
    edges: tuple[EdgeRecord, ...] = ()
    if document.front_matter is None or fields is not None:
        names = _Names(relpath, identity, former_paths)
        built = _claim(names, document, fields, options, records, where)
        if built is not None:
            claim, edges = built
            if claim.asserted_at is not None and claim.asserted_at > revised_at:
                claim = replace(claim, asserted_at=revised_at)  # held by the store then, so it existed then
            elif dated and claim.asserted_at is not None and claim.asserted_at < revised_at:
                snapshot = replace(snapshot, revised_at=claim.asserted_at, changed_at=revised_at)
            claims = (claim,)
    records.insert(0, Observation(source=source, snapshot=snapshot, claims=claims, edges=edges))
    return records


def _split(text: str) -> _Document:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    front_matter: dict[str, Any] | None = None
    body_start = 0
    front_lines: list[str] = []
    if lines and lines[0].rstrip() == "---":
        for index in range(1, len(lines)):
            if lines[index].rstrip() in ("---", "..."):
                front_lines = lines[1:index]
                body_start = index + 1
                front_matter = {}
                break
        else:
            front_lines = lines[1:]
            body_start = len(lines)
            front_matter = {"__unclosed__": True}
    document = _Document(lines=lines, body_start=body_start, front_matter=front_matter, front_matter_lines=front_lines)
    fence: str | None = None
    for index in range(body_start, len(lines)):
        line = lines[index]
        opened = _FENCE.match(line)
        if fence is not None:
            document.in_fence.append(True)
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence) and not line.strip()[len(opened.group(1)):].strip():
                fence = None
            continue
        if opened:
            fence = opened.group(1)
            document.in_fence.append(True)
            continue
        document.in_fence.append(False)
        heading = _HEADING_MARK.match(line) if line.lstrip().startswith("#") else None
        if heading:
            document.headings.append(_Heading(index, len(heading.group(1)), _heading_text(line[heading.end():])))
    return document


def _heading_text(rest: str) -> str:
    """ATX heading text without its optional closing `#` sequence (linear, safe on huge lines)."""
    text = rest.strip()
    closed = text.rstrip("#")
    if closed != text and (not closed or closed[-1] in " \t"):
        text = closed.strip()
    return text


def _body_lines(document: _Document) -> Iterator[tuple[int, str]]:
    """(index, line) of body lines outside fenced code."""
    for offset, fenced in enumerate(document.in_fence):
        if not fenced:
            index = document.body_start + offset
            yield index, document.lines[index]


def _title(document: _Document) -> str | None:
    for heading in document.headings:
        if heading.level == 1 and heading.text:
            return heading.text
    return None


def _section(document: _Document, matches: Callable[[str], bool]) -> tuple[int, int] | None:
    """(first, end) line indexes of the first section whose heading text `matches`, heading excluded."""
    for position, heading in enumerate(document.headings):
        if matches(heading.text):
            end = len(document.lines)
            for later in document.headings[position + 1:]:
                if later.level <= heading.level:
                    end = later.index
                    break
            return heading.index + 1, end
    return None


def _normal_heading(text: str) -> str:
    return re.sub(r"\s+", " ", _LEADING_MARKUP.sub("", text).strip().rstrip(":").strip()).lower()


# ---------------------------------------------------------------- front matter


def _front_matter_fields(document: _Document) -> dict[str, Any]:
    """Validated front matter fields; raises _BadFrontMatter with a 1-based line."""
    assert document.front_matter is not None
    if "__unclosed__" in document.front_matter:
        raise _BadFrontMatter(1, "front matter is not closed by a '---' line")
    source = "\n".join(document.front_matter_lines)
    try:
        loaded = yaml.load(source, Loader=_FrontMatterLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = 2 + mark.line if mark is not None else 1
        raise _BadFrontMatter(line, f"broken YAML front matter: {error.problem or error}") from None
    except Exception as error:  # noqa: BLE001 - YAML fails in many ways (bad tags, recursion); all are bad input
        raise _BadFrontMatter(1, f"broken YAML front matter: {type(error).__name__}: {error}"[:500]) from None
    if loaded is None:
        loaded = {}
    if not isinstance(loaded, dict):
        raise _BadFrontMatter(2, f"front matter is not a mapping of keys to values (got {_type_name(loaded)})")
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
            raise _BadFrontMatter(line_of(key), f"front matter `{key}` must be a single value, got {_type_name(value)}")
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
        raise _BadFrontMatter(line_of(key), f"front matter `{key}` is not a timestamp: {_preview(value)}")

    def references(key: str) -> list[str]:
        value = raw.get(key)
        if value is None:
            return []
        items = value if isinstance(value, list) else [value]
        found: list[str] = []
        for item in items:
            text = _scalar_text(item)
            if text is None or isinstance(item, bool):
                raise _BadFrontMatter(line_of(key), f"front matter `{key}` must be an id, a path or a list of them, got {_type_name(item)}")
            if text.strip():
                found.append(text.strip())
        return found

    fields: dict[str, Any] = {}
    identifier = raw.get("id")
    if identifier is not None:
        text = _scalar_text(identifier)
        if text is None or isinstance(identifier, bool) or not text.strip():
            raise _BadFrontMatter(line_of("id"), f"front matter `id` must be a non-empty string, got {_preview(identifier)}")
        fields["id"] = text.strip()
    for key in ("subject", "value", "scope", "status", "title"):
        fields[key] = scalar(key)
    for key in ("date", "valid_from", "valid_until"):
        fields[key] = moment(key)
    fields["aliases"] = references("aliases")
    for key in (*REFERENCE_FIELDS, *REVERSE_REFERENCE_FIELDS):
        fields[key] = references(key)
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


def _type_name(value: Any) -> str:
    return {dict: "a mapping", list: "a list", type(None): "nothing", bool: "a boolean"}.get(type(value), type(value).__name__)


_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxlevel, _SHORT_REPR.maxlist, _SHORT_REPR.maxdict, _SHORT_REPR.maxstring, _SHORT_REPR.maxother = 2, 4, 4, 60, 60


def _preview(value: Any) -> str:
    return _SHORT_REPR.repr(value)  # bounded even for YAML alias bombs and recursive lists


# ---------------------------------------------------------------- the claim


@dataclass(frozen=True)
class _Names:
    relpath: str  # the file's path now: links in it resolve against this
    identity: str  # the path its source and default claim uid were first recorded under
    former_paths: tuple[str, ...] = ()


def _claim(
    names: _Names,
    document: _Document,
    fields: dict[str, Any] | None,
    options: IngestOptions,
    records: list[Record],
    where: str,
) -> tuple[ClaimRecord, tuple[EdgeRecord, ...]] | None:
    status_section = _section(document, lambda text: re.fullmatch(r"status(\s*[:\-\u2013\u2014]\s*.*)?", _normal_heading(text)) is not None)
    header_status, header_date = _header_fields(document, status_section)
    status_text = _status_text(document, status_section)
    if fields is None and status_section is None and lifecycle.canonical(header_status) is None and not (
            header_status and _LINK_LINE.match(_LEADING_MARKUP.sub("", header_status))):
        return None
    fields = fields or {}
    relpath = names.relpath

    default_uid = f"{options.store}:{names.identity}"
    uid = fields.get("id") or default_uid
    aliases = [relpath]
    if fields.get("id"):
        aliases.append(default_uid)
    for path in (names.identity, *names.former_paths, relpath):
        aliases.extend((path, f"{options.store}:{path}"))
    aliases.extend(fields.get("aliases", []))
    aliases = list(dict.fromkeys(alias for alias in aliases if alias and alias != uid))

    declared = None
    for candidate in (fields.get("status"), status_text, header_status):
        if candidate:
            declared = lifecycle.declared_word(str(candidate))
            break

    asserted_at = fields.get("date")
    if asserted_at is None and header_date:
        try:
            asserted_at = _loose_date(header_date, options.options.get("date_order"))
            problem = "cannot read the date"
        except AmbiguousDate:
            problem = "ambiguous date (give --dayfirst or --monthfirst)"
        if asserted_at is None:
            # said once per file: the path, not the version, so every snapshot repeats the same notice
            records.append(Notice("unparsed_date", uid, f"{relpath}: {problem} {header_date[:80]!r}"))

    first, last = _citation(document)
    cited = document.lines[first:last + 1] if first is not None and last is not None else []
    claim = ClaimRecord(
        uid=uid,
        text="\n".join(cited),
        aliases=tuple(aliases),
        subject=fields.get("subject") or None,
        value=fields.get("value"),
        scope=_scope(fields.get("scope")),
        asserted_at=asserted_at,
        valid_from=fields.get("valid_from"),
        valid_until=fields.get("valid_until"),
        declared=declared,
        line_start=first + 1 if first is not None else None,
        line_end=last + 1 if last is not None else None,
        quote_sha256=quote_hash(cited) if first is not None else None,
    )

    own_names = {uid, relpath, default_uid, *aliases}
    edges: list[EdgeRecord] = []
    reported: set[tuple[str, str]] = set()

    def add(kind: str, target: str, reverse: bool) -> None:
        if target in own_names:
            if (kind, target) not in reported:
                reported.add((kind, target))
                records.append(Notice("self_reference", uid, f"{where} records {kind} to itself ({target})"))
            return
        edge = EdgeRecord(kind=kind, from_ref=target, to_ref=uid) if reverse else EdgeRecord(kind=kind, from_ref=uid, to_ref=target)
        if edge not in edges:
            edges.append(edge)

    for key, kind in REFERENCE_FIELDS.items():
        for reference in fields.get(key, []):
            target = normalise_reference(relpath, reference)
            if target is not None:
                add(kind, target, reverse=False)
    for key, kind in REVERSE_REFERENCE_FIELDS.items():
        for reference in fields.get(key, []):
            target = normalise_reference(relpath, reference)
            if target is not None:
                add(kind, target, reverse=True)
    front_status = fields.get("status")
    if front_status:
        for kind, reverse, target in _status_references(relpath, front_status):
            add(kind, target, reverse)
    for kind, reverse, target in _link_lines(relpath, document, status_section):
        add(kind, target, reverse)
    return claim, tuple(edges)


def _scope(value: str | None) -> str | None:
    if value is None:
        return None
    return value.strip().strip("/")


def _header_fields(document: _Document, status_section: tuple[int, int] | None) -> tuple[str | None, str | None]:
    """`Status:` and `Date:` lines before the first `##` heading (Nygard date, MADR bullets) or in ## Status."""
    first_section = next((h.index for h in document.headings if h.level >= 2), len(document.lines))
    status: str | None = None
    when: str | None = None
    for index, line in _body_lines(document):
        in_status = status_section is not None and status_section[0] <= index < status_section[1]
        if index >= first_section and not in_status:
            continue
        found = _HEADER_FIELD.match(line)
        if not found:
            continue
        key, value = found.group(1).lower(), found.group(2).strip()
        if key == "status" and status is None and value:
            status = value
        elif key == "date" and when is None and value:
            when = value
    return status, when


def _status_text(document: _Document, status_section: tuple[int, int] | None) -> str | None:
    """The first line of the ## Status section that speaks about this record (not an outgoing link)."""
    if status_section is None:
        return None
    heading = next(h for h in document.headings if h.index == status_section[0] - 1)
    inline = re.sub(r"^\W*status\W*", "", heading.text, flags=re.IGNORECASE)
    if inline:
        return inline
    for index, line in _body_lines(document):
        if not status_section[0] <= index < status_section[1] or not line.strip():
            continue
        word = _first_word(line)
        if word in ("supersedes", "supercedes", "amends"):
            continue
        if word == "status":
            continue  # a "Status:" bullet inside the section: _header_fields reads it
        return line.strip()
    return None


def _first_word(text: str) -> str | None:
    found = _FIRST_WORD.match(_LEADING_MARKUP.sub("", _STRIKETHROUGH.sub("", text)))
    return found.group(0).lower() if found else None


def _loose_date(text: str, order: str | None = None) -> datetime | None:
    """A Date line's value; raises AmbiguousDate for 10/04/18 without a day/month order."""
    candidate = text.strip().strip("*_`").strip()
    try:
        return parse_time(candidate).astimezone(timezone.utc)
    except (ValueError, OverflowError, OSError):
        pass
    numeric = parse_numeric_date(candidate, order)
    if numeric is not None:
        return numeric
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(candidate, fmt).replace(tzinfo=timezone.utc)
        except ValueError:
            continue
    return None


def _citation(document: _Document) -> tuple[int | None, int | None]:
    """0-based inclusive line range: the decision section, else the body after the title."""
    decision = _section(document, lambda text: _normal_heading(text) in ("decision", "decision outcome"))
    ranges = []
    if decision is not None:
        ranges.append(decision)
    start = document.body_start
    title = next((h for h in document.headings if h.level == 1), None)
    if title is not None and all(not line.strip() for line in document.lines[start:title.index]):
        start = title.index + 1
    ranges.append((start, len(document.lines)))
    if title is not None:
        ranges.append((title.index, title.index + 1))
    for first, end in ranges:
        while first < end and not document.lines[first].strip():
            first += 1
        while end > first and not document.lines[end - 1].strip():
            end -= 1
        if first < end:
            return first, end - 1
    return None, None


# ---------------------------------------------------------------- references


def normalise_reference(relpath: str, reference: str) -> str | None:
    """A reference as the pipeline resolves it: store-relative path for a relative path, else as written.

    `relpath` is the referring file's store-relative path. Returns None for a reference
    that names nothing (an empty string, a bare `#anchor` is returned as `relpath`).
    """
    reference = reference.strip()
    if reference.startswith("<") and reference.endswith(">"):
        reference = reference[1:-1].strip()
    if not reference:
        return None
    if _SCHEME.match(reference) and not re.match(r"[A-Za-z]:[\\/]", reference):
        return reference  # a URL (or urn:, mailto:): an alias of a ticket, card, ...
    path_part = reference.split("#", 1)[0].split("?", 1)[0]
    looks_like_path = (
        is_markdown_name(path_part)
        or reference.startswith(("./", "../", "/", "#"))
    )
    if not looks_like_path:
        return reference  # an id as written: ADR-0004, PROJ-12, owner/repo#12
    if not path_part:
        return relpath  # "#section": this same file
    path_part = unquote(path_part).replace("\\", "/")
    if path_part.startswith("/"):
        joined = path_part.lstrip("/")
    else:
        joined = posixpath.join(posixpath.dirname(relpath), path_part)
    normal = posixpath.normpath(joined)
    return normal if normal != "." else None


def _link_targets(relpath: str, text: str) -> list[str]:
    targets: list[str] = []
    for found in _MARKDOWN_LINK.finditer(text):
        raw = found.group(1)
        if raw.startswith("<") and raw.endswith(">"):
            raw = raw[1:-1]
        if not _SCHEME.match(raw) and not raw.startswith(("./", "../", "/", "#")):
            raw = "./" + raw  # a link target is always a path, even "0005-x" without .md
        target = normalise_reference(relpath, raw)
        if target is not None:
            targets.append(target)
    return targets


def _link_lines(relpath: str, document: _Document, status_section: tuple[int, int] | None = None) -> Iterator[tuple[str, bool, str]]:
    """(edge kind, reverse, target) for every link line in the body, outside code fences.

    `Superseded [..](x)`, `Replaced by`, `Obsoleted by` count only on a status line: inside the
    ## Status section or after `Status:`; elsewhere they are prose.
    """
    for index, line in _body_lines(document):
        if len(line) > 100_000 or "](" not in line:
            continue
        stripped = _LEADING_MARKUP.sub("", _STRIKETHROUGH.sub("", line.lstrip()))
        unprefixed = re.sub(r"^status\W+", "", stripped, flags=re.IGNORECASE)
        on_status_line = unprefixed != stripped or (
            status_section is not None and status_section[0] - 1 <= index < status_section[1])
        found = _LINK_LINE.match(unprefixed)
        if not found:
            continue
        verb = re.sub(r"\s+", " ", found.group(1).lower())
        if verb in _STATUS_LINE_VERBS and not on_status_line:
            continue
        kind, reverse = _LINK_VERBS[verb]
        for target in _link_targets(relpath, found.group(2)):
            yield kind, reverse, target


def _status_references(relpath: str, status: str) -> Iterator[tuple[str, bool, str]]:
    """MADR front matter such as `status: superseded by ADR-0123` or `... by [x](0123-x.md)`."""
    found = _LINK_LINE.match(_LEADING_MARKUP.sub("", status.strip()))
    if not found:
        return
    verb = re.sub(r"\s+", " ", found.group(1).lower())
    kind, reverse = _LINK_VERBS[verb]
    rest = found.group(2).strip()
    if verb in ("superseded", "superceded") and "](" not in rest:
        return  # "superseded 2024-03-01": the word, no successor named
    targets = _link_targets(relpath, rest) if "](" in rest else [normalise_reference(relpath, rest.split()[0])] if rest else []
    for target in targets:
        if target is not None:
            yield kind, reverse, target
