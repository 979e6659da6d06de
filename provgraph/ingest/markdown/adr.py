"""One version of one Markdown file -> its records: the source, the snapshot and, for a decision record, the claim.

The claim's uid, aliases, lifecycle word, dates and cited lines are read here (Nygard/adr-tools and
MADR conventions); its edges come from the front matter and the link lines (`references`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Mapping

from provgraph.base.mentions import changed, mentions, names
from provgraph.base.times import AmbiguousDate, loose_date
from provgraph.ingest import lifecycle, placeholders
from provgraph.ingest.binary import binary_message, binary_reason
from provgraph.ingest.fields import REFERENCE_FIELDS, decode, invalid_utf8_notice
from provgraph.ingest.formats import changes
from provgraph.ingest.markdown.dates import DateConvention
from provgraph.ingest.markdown.document import (LEADING_MARKUP, STRIKETHROUGH, Document, body_lines, document_title, normal_heading, section,
                                                split_document)
from provgraph.ingest.markdown.front_matter import BadFrontMatter, front_matter_fields
from provgraph.ingest.markdown.references import LINK_LINE, REVERSE_REFERENCE_FIELDS, link_lines, normalise_reference, status_references
from provgraph.ingest.records import (ClaimRecord, EdgeRecord, IngestOptions, Notice, Observation, Quarantined, Record, SnapshotRecord, SourceRecord,
                                      StatusStated, quote_hash, sha256_hex)

_HEADER_FIELD = re.compile(r"\s*(?:[*+-]\s+)?(?:\*\*|__)?(status|date)(?:\*\*|__)?\s*:(?:\*\*|__)?\s*(.*)", re.IGNORECASE)
_FIRST_WORD = re.compile(r"[A-Za-z]+")
_BULLET = re.compile(r"\s*[*+-]\s")
_TITLE_LIMIT = 1000


def parse_markdown(
    relpath: str, data: bytes, revised_at: datetime, options: IngestOptions, version: str | None = None,
    *, dated: bool = False, identity: str | None = None, former_paths: tuple[str, ...] = (),
    dates: DateConvention | None = None, words: Mapping[str, str] | None = None, status_fields: tuple[str, ...] = (),
) -> list[Record]:
    """The records of one version of one Markdown file (pure: no I/O).

    `relpath` is the posix path relative to the store root; `data` the exact bytes;
    `revised_at` the time the store is known to have held them (commit or mtime). A record's
    own date later than that is capped to it (the record existed then). With `dated` (a
    plain folder, no history) an earlier own date becomes the snapshot's time. `identity`
    is the path the source was first ingested under when git followed a rename to `relpath`
    (`former_paths` its earlier names, kept as aliases). `dates` gathers the store's date
    convention (provgraph/ingest/markdown/dates.py) and, once settled, reads ambiguous dates by it. `words`
    are the store's own status words (its record format's declaration), read before the default vocabulary;
    `status_fields` the front matter keys it declares for the status, read before `status`.
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
    document = split_document(text)
    fields: dict[str, Any] | None = None
    if document.front_matter is not None:
        try:
            fields = front_matter_fields(document)
        except BadFrontMatter as problem:
            records.append(Quarantined(where, problem.line, problem.reason))
    title = document_title(document) or (fields or {}).get("title")

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
    stated = None  # front matter quarantined: counted there
    if document.front_matter is None or fields is not None:
        names = _Names(relpath, identity, former_paths)
        built = _claim(names, document, fields, options, records, where, dates, words, status_fields)
        stated = StatusStated()  # no claim: a file that states no status and has no front matter
        if built is not None:
            claim, edges, word = built
            unread = (fields or {}).get("unread", {})
            stated = StatusStated(word, metadata=fields is not None or word is not None,
                                  status_like=() if word else lifecycle.status_like(unread.items(), words))
            if claim.asserted_at is not None and claim.asserted_at > revised_at:
                claim = replace(claim, asserted_at=revised_at)  # held by the store then, so it existed then
            elif dated and claim.asserted_at is not None and claim.asserted_at < revised_at:
                snapshot = replace(snapshot, revised_at=claim.asserted_at, changed_at=revised_at)
            claims = (claim,)
    records.insert(0, Observation(source=source, snapshot=snapshot, claims=claims, edges=edges, stated=stated))
    return records


@dataclass(frozen=True)
class _Names:
    relpath: str  # the file's path now: links in it resolve against this
    identity: str  # the path its source and default claim uid were first recorded under
    former_paths: tuple[str, ...] = ()


def _claim(
    names: _Names,
    document: Document,
    fields: dict[str, Any] | None,
    options: IngestOptions,
    records: list[Record],
    where: str,
    dates: DateConvention | None = None,
    words: Mapping[str, str] | None = None,
    status_fields: tuple[str, ...] = (),
) -> tuple[ClaimRecord, tuple[EdgeRecord, ...], lifecycle.WordReading | None] | None:
    status_section = section(document, lambda text: re.fullmatch(r"status(\s*[:\-\u2013\u2014]\s*.*)?", normal_heading(text)) is not None)
    (header_status, header_line), header_date = _header_fields(document, status_section)
    status_text, text_line = _status_text(document, status_section, words)
    if fields is None and status_section is None and not _states_status(document, header_status, header_line, words):
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

    word = None
    status_line = None
    declared_fields = [(fields.get("unread", {}).get(name.replace("-", "_")), _front_matter_line(document, name))
                       for name in status_fields if name != "status"]
    for candidate, line in (*declared_fields, (fields.get("status"), _front_matter_line(document, "status")),
                            (status_text, text_line), (header_status, header_line)):
        if candidate and not placeholders.placeholder(str(candidate)):  # a template's `{Proposed|Accepted}` states none
            word = lifecycle.read_word(str(candidate), words)
            status_line = line
            break
    declared = word.declared if word else None

    asserted_at = fields.get("date")
    if asserted_at is None and header_date:
        order = options.options.get("date_order") or (dates.effective if dates is not None else None)
        if dates is not None:
            dates.observe(header_date)
        try:
            asserted_at = loose_date(header_date, order)
            problem = "cannot read the date"
        except AmbiguousDate:
            problem = "ambiguous date (give --dayfirst or --monthfirst)"
            if dates is not None:
                dates.ambiguous.add(relpath)
                if dates.settled:
                    problem = f"ambiguous date, {dates.why_unsettled()} (give --dayfirst or --monthfirst)"
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
        status_line=status_line,
    )

    own_names = {uid, relpath, default_uid, *aliases}
    edges: list[EdgeRecord] = []
    reported: set[tuple[str, str]] = set()

    def add(kind: str, target: str, reverse: bool, line: int | None = None) -> None:
        if target in own_names:
            if (kind, target) not in reported:
                reported.add((kind, target))
                records.append(Notice("self_reference", uid, f"{where} records {kind} to itself ({target})"))
            return
        edge = EdgeRecord(kind=kind, from_ref=target, to_ref=uid, line=line) if reverse else EdgeRecord(
            kind=kind, from_ref=uid, to_ref=target, line=line)
        if all((known.kind, known.from_ref, known.to_ref) != (edge.kind, edge.from_ref, edge.to_ref) for known in edges):
            edges.append(edge)

    for key, kind in REFERENCE_FIELDS.items():
        for reference in fields.get(key, []):
            target = normalise_reference(relpath, reference)
            if target is not None:
                add(kind, target, reverse=False, line=_front_matter_line(document, key))
    for key, kind in REVERSE_REFERENCE_FIELDS.items():
        for reference in fields.get(key, []):
            target = normalise_reference(relpath, reference)
            if target is not None:
                add(kind, target, reverse=True, line=_front_matter_line(document, key))
    front_status = fields.get("status")
    if front_status:
        for kind, reverse, target in status_references(relpath, front_status):
            add(kind, target, reverse, _front_matter_line(document, "status"))
    declared_lines: set[int] = set()
    for kind, reverse, target, index in link_lines(relpath, document, status_section):
        add(kind, target, reverse, index + 1)
        declared_lines.add(index)
    named, changes = _mentions(document, declared_lines, status_section, own_names)
    return replace(claim, mentions=named, changes=changes), tuple(edges), word


def _mentions(document: Document, declared_lines: set[int], status_section: tuple[int, int] | None,
              own_names: set[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The records the whole body names (provgraph/base/mentions.py), less the lines that declare a link or the status
    (those are the links in words: edges, or a status rule 8 reads)."""
    skipped = set(declared_lines)
    if status_section is not None:
        skipped.update(range(status_section[0] - 1, status_section[1]))
    text = "\n".join(line for index, line in body_lines(document)
                     if index not in skipped and not re.match(r"\W*status\W", line, re.IGNORECASE))
    own = names("", sorted(own_names))
    return tuple(mentions(text, own)), tuple(changed(text, own))


def _states_status(document: Document, status: str | None, line: int | None,
                   words: Mapping[str, str] | None = None) -> bool:
    """Whether a header `Status:` line makes the file a record: a MADR bullet (`* Status: Returned for revision`)
    with any word (an unknown one is UNRECOGNISED_STATUS), a plain `Status:` line with a word the vocabulary knows
    or a link (`Status: beta` in a README is prose)."""
    if not status or line is None:
        return False
    if _BULLET.match(document.lines[line - 1]):
        return True
    return lifecycle.canonical(status, words) is not None or bool(LINK_LINE.match(LEADING_MARKUP.sub("", status)))


def _scope(value: str | None) -> str | None:
    if value is None:
        return None
    return value.strip().strip("/")


def _front_matter_line(document: Document, key: str) -> int | None:
    """The 1-based line of the file where front matter `key:` is written, if it is."""
    pattern = re.compile(rf"\s*{re.escape(key)}\s*:", re.IGNORECASE)
    return next((index + 2 for index, line in enumerate(document.front_matter_lines) if pattern.match(line)), None)


def _header_fields(document: Document, status_section: tuple[int, int] | None
                   ) -> tuple[tuple[str | None, int | None], str | None]:
    """`Status:` and `Date:` lines before the first `##` heading (Nygard date, MADR bullets) or in ## Status
    (the status with its 1-based line)."""
    first_section = next((h.index for h in document.headings if h.level >= 2), len(document.lines))
    status: str | None = None
    status_line: int | None = None
    when: str | None = None
    for index, line in body_lines(document):
        in_status = status_section is not None and status_section[0] <= index < status_section[1]
        if index >= first_section and not in_status:
            continue
        found = _HEADER_FIELD.match(line)
        if not found:
            continue
        key, value = found.group(1).lower(), found.group(2).strip()
        if key == "status" and status is None and value:
            status, status_line = value, index + 1
        elif key == "date" and when is None and value:
            when = value
    return (status, status_line), when


def _status_text(document: Document, status_section: tuple[int, int] | None,
                 words: Mapping[str, str] | None = None) -> tuple[str | None, int | None]:
    """The first line of the ## Status section that speaks about this record (not an outgoing link, not a block quote:
    a template's instruction, `> A decision may be "proposed" ...`, unless it quotes a status alone, `> Accepted`,
    `placeholders.instruction`), with its 1-based line; the latest entry when the section is a log of states
    (formats/changes.py)."""
    if status_section is None:
        return None, None
    heading = next(h for h in document.headings if h.index == status_section[0] - 1)
    inline = re.sub(r"^\W*status\W*", "", heading.text, flags=re.IGNORECASE)
    if inline:
        return inline, heading.index + 1
    for index, line in body_lines(document):
        if (not status_section[0] <= index < status_section[1] or not line.strip()
                or placeholders.instruction(line, words, document.lines[index - 1])):
            continue
        word = _first_word(line)
        if word in ("supersedes", "supercedes", "amends"):
            continue
        if word == "status":
            continue  # a "Status:" bullet inside the section: _header_fields reads it
        latest = changes.latest(document.lines, index, status_section[1], words, change_log=False)
        return (latest[1], latest[0] + 1) if latest is not None else (placeholders.unquoted(line).strip(), index + 1)
    return None, None


def _first_word(text: str) -> str | None:
    found = _FIRST_WORD.match(LEADING_MARKUP.sub("", STRIKETHROUGH.sub("", text)))
    return found.group(0).lower() if found else None



def _citation(document: Document) -> tuple[int | None, int | None]:
    """0-based inclusive line range: the decision section, else the body after the title."""
    decision = section(document, lambda text: normal_heading(text) in ("decision", "decision outcome"))
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
