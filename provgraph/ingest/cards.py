"""Board cards: a JSON card, a JSON array of cards, JSON Lines, or a folder of those.

A card `{"id", "url", "author", "ts", "content", "edges": [{"verb", "target"}]}` (plus
optional `subject`, `scope`, `value`, `valid_until`, `generation`) is its own Source and
Claim (the id; the url an alias). Status-bearing verbs become revision/link edges; any
other verb is lineage (RELATES). Targets stay as written: the pipeline resolves an id or
a url by claim uid or alias.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Iterator

from provgraph.base.errors import InputError
from provgraph.ingest import register
from provgraph.ingest.kept import read_from_kept_end
from provgraph.ingest.fields import (RECORD_ERRORS, REFERENCE_FIELDS, BadRecord, Line, decode, finish_edges, first_line_title, identifier,
                                     invalid_utf8_notice, load_json, optional_text, optional_time, quarantine, read_bytes, read_lines, record_sha,
                                     scalar_text, short, time_field, value_text)
from provgraph.ingest.regular import LeftOut, regular_names
from provgraph.ingest.records import (ClaimRecord, EdgeRecord, IngestOptions, Notice, Observation, Quarantined, Record, SnapshotRecord, SourceRecord,
                                      quote_hash)

LINEAGE_VERBS = ("continues", "answer", "source", "uses", "cites")
_CARD_SUFFIXES = (".json", ".jsonl")


@register("cards")
def ingest_cards(path: Path, options: IngestOptions) -> Iterator[Record]:
    if path.is_dir():
        left = LeftOut()  # links, devices and pipes are never opened (provgraph/ingest/regular.py)
        files = [path / name for name in regular_names(path, left.add) if Path(name).suffix.lower() in _CARD_SUFFIXES]
        unopened = left.notice(options.store)
        if unopened is not None:
            yield unopened
        if not files:
            raise InputError(path, "folder holds no *.json or *.jsonl card files")
        for child in files:
            try:
                yield from _card_file(child, options)
            except InputError as error:
                # One unusable file in a folder is one bad record, not a failed run.
                yield quarantine(child, None, error.reason)
        return
    yield from _card_file(path, options)


def _card_file(path: Path, options: IngestOptions) -> Iterator[Record]:
    if path.suffix.lower() == ".jsonl":
        # JSON Lines is read line by line (streamed): never held whole, however large.
        yield from _card_lines(path, options)
        return
    data = read_bytes(path)
    text, replaced = decode(data)
    del data
    whole: Any = None
    try:
        whole = load_json(text)
    except (ValueError, RecursionError):
        whole = None
    if isinstance(whole, (dict, list)):
        if replaced:
            yield invalid_utf8_notice(path)
        if isinstance(whole, dict):
            # A file holding one card: the card is the whole file.
            lines = text.split("\n")
            if lines and lines[-1] == "":
                lines.pop()
            yield from _guarded(path, None, whole, options, (1, len(lines)), quote_hash(line.rstrip("\r") for line in lines))
        else:
            for index, card in enumerate(whole):
                for record in _guarded(path, None, card, options, None, None):
                    if isinstance(record, Quarantined):
                        record = quarantine(path, None, f"card [{index}]: {record.reason}")
                    yield record
        return
    del text, whole  # JSON Lines in a file named otherwise: read again line by line
    yield from _card_lines(path, options)


def _card_lines(path: Path, options: IngestOptions) -> Iterator[Record]:
    """JSON Lines cards, read one line at a time (from the kept end when the lines read last time are unchanged:
    provgraph/ingest/kept.py); a file in which no line is a JSON object is not cards at all, and says so (InputError)
    before its first record."""
    yield from read_from_kept_end(path, options, lambda: _some_card(path), lambda lines: _cards_of(path, options, lines))


def _cards_of(path: Path, options: IngestOptions, lines: Iterable[Line]) -> Iterator[Record]:
    for line in lines:
        if not line.text.strip():
            continue
        if line.replaced:
            yield invalid_utf8_notice(path, line.number)
        try:
            card = load_json(line.text)
        except (ValueError, RecursionError) as error:
            yield quarantine(path, line.number, f"not JSON: {error}")
            continue
        yield from _guarded(path, line.number, card, options, (line.number, line.number), quote_hash([line.text]))


def _some_card(path: Path) -> None:
    """InputError unless some line is a JSON object; reads only up to the first one (most files: their first line)."""
    blank = True
    for line in read_lines(path):
        if not line.text.strip():
            continue
        blank = False
        try:
            if isinstance(load_json(line.text), dict):
                return
        except (ValueError, RecursionError):
            continue
    raise InputError(path, "empty: no cards" if blank else "not a JSON card, a JSON array of cards or JSON Lines")


def _guarded(
    path: Path, line: int | None, card: Any, options: IngestOptions, lines: tuple[int, int] | None, quote: str | None
) -> Iterator[Record]:
    try:
        records = card_records(card, options, lines=lines, quote_sha256=quote)
    except RECORD_ERRORS as error:
        yield quarantine(path, line, error)
        return
    yield from records


def card_records(
    card: Any, options: IngestOptions, *, lines: tuple[int, int] | None = None, quote_sha256: str | None = None
) -> list[Record]:
    """The Observation (first) and notices for one card."""
    if not isinstance(card, dict):
        raise BadRecord(f"a card is a JSON object, not {type(card).__name__}")
    uid = identifier(card.get("id"), "id")
    moment = time_field(card.get("ts"), "ts")
    url = optional_text(card.get("url"), "url")
    content = scalar_text(card.get("content"), "content")
    generation = card.get("generation")
    edges, notices = _card_edges(uid, card.get("edges"))
    kept, self_notices = finish_edges(uid, edges, (url,) if url else ())
    sha = record_sha(card)
    claim = ClaimRecord(
        uid=uid,
        text=content,
        aliases=(url,) if url else (),
        subject=optional_text(card.get("subject"), "subject"),
        value=value_text(card.get("value")),
        scope=optional_text(card.get("scope"), "scope"),
        asserted_at=moment,
        valid_from=optional_time(card.get("valid_from"), "valid_from"),
        valid_until=optional_time(card.get("valid_until"), "valid_until"),
        line_start=lines[0] if lines else None,
        line_end=lines[1] if lines else None,
        quote_sha256=quote_sha256 or sha,
    )
    observation = Observation(
        source=SourceRecord(uid=f"{options.store}:{uid}", locator=uid, kind="card", url=url, title=first_line_title(content)),
        snapshot=SnapshotRecord(
            sha256=sha, revised_at=moment, version=None if generation is None else scalar_text(generation, "generation")
        ),
        claims=(claim,),
        edges=kept,
    )
    return [observation, *notices, *self_notices]


def _card_edges(uid: str, edges: Any) -> tuple[list[EdgeRecord], list[Notice]]:
    if edges is None:
        return [], []
    if not isinstance(edges, list):
        raise BadRecord("edges must be a list")
    records: list[EdgeRecord] = []
    notices: list[Notice] = []
    for index, edge in enumerate(edges):
        if not isinstance(edge, dict):
            raise BadRecord(f"edges[{index}] is not an object")
        verb = " ".join(scalar_text(edge.get("verb"), f"edges[{index}].verb").casefold().split()).replace("-", "_").replace(" ", "_")
        target = edge.get("target")
        if not verb:
            raise BadRecord(f"edges[{index}] has no verb")
        if not isinstance(target, (str, int)) or isinstance(target, bool) or not str(target).strip():
            raise BadRecord(f"edges[{index}] has no usable target: {short(target)}")
        target = str(target).strip()
        kind = REFERENCE_FIELDS.get(verb)
        if kind:
            records.append(EdgeRecord(kind=kind, from_ref=uid, to_ref=target))
            continue
        records.append(EdgeRecord(kind="RELATES", from_ref=uid, to_ref=target, verb=verb))
        if verb not in LINEAGE_VERBS:
            notices.append(Notice(kind="unknown_verb", subject=uid, detail=f"verb {verb[:60]!r} recorded as RELATES"))
    return records, notices
