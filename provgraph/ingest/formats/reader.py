"""One version of one record file, read by its declared format -> its records (pure: no I/O).

`read_record` is what the files and git ingesters call for every record file. A format whose metadata includes
`adr` is read by the Markdown ADR reader (provgraph/ingest/markdown/); every other one here: the declared metadata
places are read in order (the first value of a field wins), the declared fields give the claim's uid, title,
status, date and links. A file that states a status where its format keeps one is a claim, whatever the word (an
unknown word is kept as written: UNKNOWN / UNRECOGNISED_STATUS); a file that does not is a source only, and
`Read.source_only` says why, for the ingest summary.
"""
from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any
from urllib.parse import unquote, urlsplit

from provgraph.base.times import AmbiguousDate, loose_date
from provgraph.ingest import lifecycle, placeholders
from provgraph.ingest.binary import binary_message, binary_reason
from provgraph.ingest.fields import decode, invalid_utf8_notice
from provgraph.ingest.formats import headings, labels, metadata, patterns
from provgraph.ingest.formats.xml_fields import xml_fields
from provgraph.ingest.formats.declaration import ID_PLACEHOLDER, LINK_ROLES, NO_VALUE, VALUE_ROLES, RecordFormat
from provgraph.ingest.markdown.adr import parse_markdown
from provgraph.ingest.markdown.dates import DateConvention
from provgraph.ingest.markdown.references import normalise_reference
from provgraph.ingest.records import (ClaimRecord, EdgeRecord, IngestOptions, Notice, Observation, Quarantined, Record, SnapshotRecord, SourceRecord,
                                      StatusStated, quote_hash, sha256_hex)

_LINK = re.compile(r"\[([^\]\n]{0,500})\]\(\s*<?([^)>\s]+)>?[^)]*\)")
REFERENCE_LINK = re.compile(r"\[([^\]\n]{1,500})\]\[[^\]\n]{0,500}\]")  # `[gRFC A115][A115]`: its text names it
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://|mailto:|urn:")
_SEPARATORS = re.compile(r"\s*[,;]\s*|\s+and\s+")
_SUCCESSION = re.compile(r"\b(?:replaced|superseded)\s+(?:by|with)\b[\s:]*", re.IGNORECASE)
_LISTED = re.compile(r"\s*(?:[,;&]|\band\b)\s*", re.IGNORECASE)
_NAMED_ID = re.compile(r"([A-Za-z]{1,12}[ -]?#?\d{1,9}|\d{1,9})(?=$|[\s)\],;:]|\.(?!\w))")
_SUCCESSORS = ("replaced_by", "superseded_by")
_TITLE_LIMIT = 1000
_PATTERNED = "\0pattern:"  # the key of a pattern's match among a file's fields: NUL is in no field name


@dataclass(frozen=True)
class Read:
    records: list[Record]
    source_only: str | None = None  # why the file was read as a source only (no claim); None when it has a claim


@dataclass(frozen=True)
class Version:
    """Where one version of a record sits: its path now, the path it was first recorded under, its commit."""

    relpath: str
    revised_at: datetime
    version: str | None = None
    identity: str | None = None
    former_paths: tuple[str, ...] = ()


def read_record(fmt: RecordFormat, at: Version, data: bytes, options: IngestOptions, *, sidecar: bytes | None = None,
                dates: DateConvention | None = None, dated: bool = False) -> Read:
    """The records of one version of one record file (`sidecar`: the bytes of the file beside it, if any)."""
    if fmt.is_markdown_adr:
        read = parse_markdown(at.relpath, data, at.revised_at, options, version=at.version, dated=dated,
                              identity=at.identity, former_paths=at.former_paths, dates=dates, words=fmt.word_map,
                              status_fields=fmt.names("status"))
        observed = next((r for r in read if isinstance(r, Observation)), None)
        unread = observed is not None and not observed.claims and not any(isinstance(r, Quarantined) for r in read)
        if not unread or observed is None:
            return Read(read)
        reason = "no status (front matter, ## Status section or Status: line)"
        return Read([replace(r, unclaimed=reason) if r is observed else r for r in read], reason)
    where = at.relpath if at.version is None else f"{at.relpath}@{at.version}"
    binary = binary_reason(data)
    if binary:
        return Read([Notice("not_text", where, f"skipped: {binary_message(binary)}")])
    text, replaced = decode(data)
    records: list[Record] = [invalid_utf8_notice(where)] if replaced else []
    lines = [line.rstrip("\r") for line in text.split("\n")]
    fields, why = _fields(fmt, at, lines, sidecar, records)
    identity = at.identity or at.relpath
    digest = sha256_hex(data if sidecar is None else data + b"\0" + sidecar)
    title = _text(_value(fmt, fields, "title")) or _first_heading(lines)
    source = SourceRecord(uid=f"{options.store}:{identity}", locator=at.relpath, kind="record",
                          title=title[:_TITLE_LIMIT] if title else None)
    snapshot = SnapshotRecord(sha256=digest, revised_at=at.revised_at, version=at.version)
    status = _value(fmt, fields, "status") if "folder" not in fmt.metadata else (
        _value(fmt, fields, "status") or fields.get("folder"))
    unreadable = any(isinstance(record, Quarantined) for record in records)
    stated = None if unreadable else StatusStated()  # a record without its sidecar has no metadata
    if why is None and (status is None or not _text(status) or placeholders.placeholder(_text(status))):
        why = _no_status(fmt, lines, status)
        stated = StatusStated(metadata=bool(fields), status_like=_status_like(fmt, fields))
    if why is not None:
        records.insert(0, Observation(source=source, snapshot=snapshot, unclaimed=why, stated=stated))
        return Read(records, why)
    assert status is not None
    word = lifecycle.read_word(_text(status), fmt.word_map)
    claim, edges = _claim(fmt, at, options, fields, word.declared if word else None, status, lines, records, where)
    if claim.asserted_at is not None and claim.asserted_at > at.revised_at:
        claim = replace(claim, asserted_at=at.revised_at)  # held by the store then, so it existed then
    elif dated and claim.asserted_at is not None and claim.asserted_at < at.revised_at:
        snapshot = replace(snapshot, revised_at=claim.asserted_at, changed_at=at.revised_at)
    records.insert(0, Observation(source=source, snapshot=snapshot, claims=(claim,), edges=edges,
                                  stated=StatusStated(word, metadata=True)))
    return Read(records)


def _no_status(fmt: RecordFormat, lines: list[str], status: metadata.Field | None) -> str:
    """Why a file states no status where its format keeps one, for the summary."""
    if status is not None and _text(status):
        return "its status is a template's placeholder"
    if "status" in dict(fmt.patterns):
        return "no match of the status pattern"
    if fmt.section and headings.section(lines, fmt.section) is None:
        return f"no {fmt.section} heading"
    return f"no {' or '.join(dict.fromkeys(fmt.read_names('status')))} field"


def _status_like(fmt: RecordFormat, fields: dict[str, metadata.Field]) -> tuple[tuple[str, str], ...]:
    """The fields no role reads whose values look like status words (a status kept under another name)."""
    read = {name for _, names in fmt.fields for name in names} | {"folder"} | {
        name for role in VALUE_ROLES for name in fmt.read_names(role)}
    return lifecycle.status_like(((name, found.value) for name, found in fields.items() if name not in read),
                                 fmt.word_map)


def _fields(fmt: RecordFormat, at: Version, lines: list[str], sidecar: bytes | None,
            records: list[Record]) -> tuple[dict[str, metadata.Field], str | None]:
    """Every field the declared places hold (the first value of a name wins, a heading's last, an empty value none
    over a later place's; within the declared section, when there is one; front matter is at the top of the file
    whatever the section), then what the declared patterns match (keyed by `_PATTERNED` + role), and why none can be
    read, if so. A place read with something left out (`metadata.PartlyRead`) is an `unread_metadata` notice."""
    fields: dict[str, metadata.Field] = {}
    broken: list[tuple[str, str, metadata.BadMetadata]] = []  # (place, where, problem): read on by the other places
    offset, text = (0, lines) if not fmt.section else headings.section(lines, fmt.section) or (0, [])
    for place in sorted(fmt.metadata, key=lambda kind: kind == "headings"):  # the metadata's fields before a heading's
        shift = offset if place == "headings" or (place in metadata.TEXT_READERS and place != "front-matter") else 0
        try:
            if place == "sidecar":
                if sidecar is None:
                    if len(fmt.metadata) == 1:
                        return {}, f"no {fmt.sidecar} beside it"
                    continue
                found = metadata.sidecar(sidecar, fmt.sidecar or "sidecar")
            elif place == "folder":
                found = metadata.folder(at.relpath, fmt.word_map)
            elif place == "file-name":
                found = metadata.file_name(at.relpath)
            elif place == "front-matter":
                found = metadata.front_matter(lines)
            elif place == "xml":  # the whole file: well-formed XML or not read
                found = xml_fields(lines)
            elif place == "headings":
                found = headings.heading_fields(text, fmt.heading_names, fmt.word_map)
            else:
                found = metadata.TEXT_READERS[place](text)
        except metadata.PartlyRead as partly:
            line = f" (line {partly.line + shift})" if partly.line else ""
            records.append(Notice("unread_metadata", at.relpath, f"{partly.reason}{line}"))
            found = partly.fallback
        except metadata.BadMetadata as problem:
            where = posixpath.join(posixpath.dirname(at.relpath), fmt.sidecar or "") if place == "sidecar" else at.relpath
            broken.append((place, where if at.version is None else f"{where}@{at.version}", problem))
            found = problem.fallback
        for name, value in _shifted(found, shift).items():
            if name not in fields or (metadata.empty(fields[name].value) and not metadata.empty(value.value)):
                fields[name] = value  # the first value of a name wins; an empty one does not win over a later place's
    for role, value in patterns.patterned(lines, fmt.compiled_patterns, frozenset(LINK_ROLES)).items():
        fields[_PATTERNED + role] = value
    if broken:
        return _broken(fmt, fields, broken, records)
    return fields, None


def _broken(fmt: RecordFormat, fields: dict[str, metadata.Field], broken: list[tuple[str, str, metadata.BadMetadata]],
            records: list[Record]) -> tuple[dict[str, metadata.Field], str | None]:
    """A place that cannot be read as its kind loses the record only when nothing else states its status: the other
    places, the patterns, or the place's lines read as `Field: value` lines; else the problem is a finding."""
    status = _value(fmt, fields, "status") or fields.get("folder")
    if status is None or not _text(status):
        place, where, problem = broken[0]
        records.append(Quarantined(where, problem.line, problem.reason))
        return {}, f"unreadable {place}"
    for place, where, problem in broken:
        line = f" (line {problem.line})" if problem.line else ""
        records.append(Notice("broken_metadata", where, f"{problem.reason}{line}; the record read by its other places,"
                              f" patterns and the {place}'s `Field: value` lines"))
    return fields, None


def _shifted(found: metadata.Fields, offset: int) -> metadata.Fields:
    """Fields read from a section, on their lines in the whole file."""
    if not offset:
        return found
    return {name: replace(value, line=value.line + offset if value.line is not None else None) for name, value in found.items()}


def _value(fmt: RecordFormat, fields: dict[str, metadata.Field], role: str) -> metadata.Field | None:
    """A role's field: its pattern's match when it has a pattern, else the first of its names found (its declared
    ones, else a value role's own: `RecordFormat.read_names`)."""
    if role in dict(fmt.patterns):
        return fields.get(_PATTERNED + role)
    return next((fields[name] for name in fmt.read_names(role) if name in fields), None)


def _text(found: metadata.Field | None) -> str:
    if found is None or found.value is None:
        return ""
    value = found.value
    if isinstance(value, list):
        return ", ".join(str(item) for item in value if item is not None)
    return placeholders.stated(str(value).strip()).strip("*_`").strip()


def _claim(fmt: RecordFormat, at: Version, options: IngestOptions, fields: dict[str, metadata.Field],
           declared: str | None, status: metadata.Field, lines: list[str], records: list[Record],
           where: str) -> tuple[ClaimRecord, tuple[EdgeRecord, ...]]:
    identity = at.identity or at.relpath
    default_uid = f"{options.store}:{identity}"
    number = _text(_value(fmt, fields, "id"))
    number = "" if ID_PLACEHOLDER.fullmatch(number) else number  # a ProtoXEP's `<number>xxxx</number>`
    uid = fmt.uid(number) if number else default_uid
    aliases: list[str] = [default_uid] if number else []
    aliases.extend(fmt.alias_names(number) if number else [])
    for path in (identity, *at.former_paths, at.relpath):
        aliases.extend((path, f"{options.store}:{path}"))
        if fmt.sidecar:  # a record with a sidecar is its folder: a path to the folder names it
            folder = posixpath.dirname(path)
            if folder:
                aliases.extend((folder, f"{options.store}:{folder}"))
    aliases.extend(labels.alias(options.store, label) for label in labels.defined(lines))  # what `:ref:`s cite
    aliases = list(dict.fromkeys(alias for alias in aliases if alias and alias != uid))
    asserted_at = _date(_text(_value(fmt, fields, "date")))
    if _value(fmt, fields, "date") is not None and asserted_at is None:
        records.append(Notice("unparsed_date", uid, f"{at.relpath}: cannot read the date {_text(_value(fmt, fields, 'date'))[:80]!r}"))
    cited = sorted(found.line for found in fields.values() if found.line is not None)
    first, last = (cited[0], cited[-1]) if cited else _title_line(lines)
    quoted = lines[first - 1:last] if first is not None and last is not None else []
    claim = ClaimRecord(uid=uid, text="\n".join(quoted), aliases=tuple(aliases), asserted_at=asserted_at,
                        declared=declared, line_start=first, line_end=last,
                        quote_sha256=quote_hash(quoted) if quoted else None, status_line=status.line)
    linked: list[tuple[str, int | None, list[str]]] = []  # (role, line, the records it names)
    for role in LINK_ROLES:
        found = _value(fmt, fields, role)
        linked.append((role, found.line if found else None,
                       _references(fmt, at.relpath, found.value if found else None, options.store)))
    if not any(targets for role, _, targets in linked if role in _SUCCESSORS):
        linked.append(("replaced_by", status.line, successors_stated(fmt, _text(status), options.store)))
    edges: list[EdgeRecord] = []
    own = {uid, *aliases}
    for role, line, targets in linked:
        kind, reverse = LINK_ROLES[role]
        for target in targets:
            if target in own:
                records.append(Notice("self_reference", uid, f"{where} records {kind} to itself ({target})"))
                continue
            edge = (EdgeRecord(kind=kind, from_ref=target, to_ref=uid, line=line) if reverse
                    else EdgeRecord(kind=kind, from_ref=uid, to_ref=target, line=line))
            if edge not in edges:
                edges.append(edge)
    return claim, tuple(edges)


def successors_stated(fmt: RecordFormat, status: str, store: str) -> list[str]:
    """The records a status value says replaced this one (`Final/R-34 Replaced with EEP-11 and EEP-31 except ...` ->
    EEP 11, EEP 31): the ids after its first `replaced by|with` or `superseded by|with`, each a bare number or written
    in the id template's form or an alias's (`RecordFormat.named_uid`), or an RST `:ref:` (labels.py: `Replaced by
    :ref:`OEP-66 <OEP-66 User Authorization>``), joined by `,`, `;`, `&` or `and`; the list ends at the first part
    that is no such id."""
    found = _SUCCESSION.search(status)
    if found is None:
        return []
    rest = status[found.end():]
    if rest.startswith("ref:`"):  # `by :ref:`...``, its colon taken with the verb's; a label may hold `,` or `and`
        return [labels.alias(store, label) for label in labels.cited(":" + rest)]
    named: list[str] = []
    for part in _LISTED.split(rest):
        text = part.lstrip("*_`[ ")
        written = _NAMED_ID.match(text)
        uid = fmt.named_uid(written.group(1)) if written else None
        if written is None or uid is None:
            break
        named.append(uid)
        if text[written.end():].strip("*_`] "):
            break  # words after the id: the list ended
    return list(dict.fromkeys(named))


def _references(fmt: RecordFormat, relpath: str, value: Any, store: str) -> list[str]:
    """What a link field names, each as the pipeline resolves it: a bare number through the id template
    (`333` -> `PEP 333`), a path as the store-relative path (a folder without its trailing `/`), a URL as written;
    a Markdown reference link (`[gRFC A115][A115]`, its target defined elsewhere in the file) by its text, as a link
    whose text goes on past the line (`[gRFC A108: OpenTelemetry Custom`); an RST `:ref:` by its label (labels.py)."""
    if value is None:
        return []
    items = value if isinstance(value, list) else [value]
    found: list[str] = []
    for item in items:
        if item is None:
            continue
        text = str(item).strip()
        refs = labels.cited(text)
        if refs:
            found.extend(labels.alias(store, label) for label in refs)
            continue
        links = _LINK.findall(text)
        parts = [*(_linked(fmt, relpath, name, target) for name, target in links), *REFERENCE_LINK.findall(text)] or [
            part for part in _SEPARATORS.split(text) if part.strip()]
        for part in parts:
            part = part.strip()
            part = part[1:] if part.startswith("[") and "]" not in part else part  # a link's text cut at the line's end
            target = _reference(fmt, relpath, part.strip("*_`\"'").strip())
            if target:
                found.append(target)
    return list(dict.fromkeys(found))


def _linked(fmt: RecordFormat, relpath: str, name: str, target: str) -> str:
    """What a Markdown link names: a URL's path by its last parts when they are a record's path as the store writes
    it (as many parts as this record's path has, matched by the record globs: a record at the store's root is named
    by the URL's file name),
    else the link's text when it is an id in the store's form (`[RFC 0118](https://...)`), else its target."""
    if not _SCHEME.match(target):
        return target
    parts = [part for part in unquote(urlsplit(target).path).split("/") if part]  # a bare URL's too
    tail = "/".join(parts[-(relpath.count("/") + 1):])
    if tail and fmt.is_record_name(tail) and not fmt.skip_reason(tail):
        return "/" + tail  # from the store's root
    text = name.strip().strip("*_`").strip()
    return text if not text.isdigit() and (fmt.named_uid(text) or fmt.titled_uid(text)) else target


def _reference(fmt: RecordFormat, relpath: str, text: str) -> str | None:
    if not text or text.casefold() in NO_VALUE:
        return None
    if text.isdigit():
        return fmt.uid(text)
    if _SCHEME.match(text):
        linked = _linked(fmt, relpath, "", text)
        return text if linked == text else _reference(fmt, relpath, linked)
    if "/" in text or "." in text.rsplit("/", 1)[-1]:
        target = normalise_reference(relpath, text if text.startswith(("/", "./", "../")) else f"./{text}")
        return target.rstrip("/") if target else None
    return fmt.titled_uid(text) or text


def _date(text: str) -> datetime | None:
    """A header's date, else the date its first word is (`07-Dec-2003 (PEP 8)`); an ambiguous one is no date."""
    for candidate in (text, *text.split()[:1]):
        try:
            found = loose_date(candidate)
        except AmbiguousDate:
            found = None
        if found is not None:
            return found
    return None


def _first_heading(lines: list[str]) -> str | None:
    line = _title_line(lines)[0]
    return lines[line - 1].lstrip("#").strip() if line is not None else None


def _title_line(lines: list[str]) -> tuple[int | None, int | None]:
    """The 1-based line of the document's title: its first `# ` heading, else its first line of text."""
    for index, line in enumerate(lines):
        if line.startswith("# "):
            return index + 1, index + 1
    for index, line in enumerate(lines):
        if line.strip():
            return index + 1, index + 1
    return None, None
