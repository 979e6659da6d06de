"""Every claim's status as a row: what `provgraph status` streams to its renderers (JSON, CSV, the table).

A row is a `StatusRow`: a named tuple of `FIELDS`, the keys of `ClaimStatus.to_dict()` in their order, holding the
values it holds (lists, ISO 8601 times, `successors_elsewhere` as {"claim", "scope"} objects), so `row._asdict()` is
that dict and its JSON the same bytes. Over the whole graph a `ClaimStatus` of 43 fields a claim, built and then turned back into
a dict, was most of the Python time a status row took (bench/HISTORY.md); a claim whose status was stored at write
time and is fresh comes from `status_rows_all` as one list, already in that order, and becomes its row directly.
Every other claim (a stale stored status, a question scope, one id asked for) takes the full computation and
`row_of` its `ClaimStatus`, so the rows are the same either way (tests/stored_status/test_status_rows.py).
"""
from __future__ import annotations

from datetime import datetime, timedelta
from operator import itemgetter
from typing import Any, Iterable, Iterator, NamedTuple

from provgraph.base.chunks import held_from_stale
from provgraph.base.values import EPOCH
from provgraph.engine.claim_status import ClaimStatus
from provgraph.engine.status import STREAM_CHUNK, _params, computed, iter_status, json_objects
from provgraph.graph.connection import Graph


class StatusRow(NamedTuple):
    """One claim's status as `status` renders it: the values of `ClaimStatus.to_dict()`, by the same names and in
    the same order (a plain tuple underneath: as cheap to build and to read)."""

    claim: str
    status: str
    reason: str
    scope: str
    subject: str | None
    value: str | None
    source: str | None
    path: str | None
    aliases: list[str]
    snapshot: str | None
    lines: list[int] | None
    successors: list[str]
    conflicts_with: list[str]
    question_scope: str
    declared: str | None
    placeholder: bool
    premises: list[str]
    premises_not_current: list[str]
    asserted_at: str | None
    valid_from: str | None
    valid_until: str | None
    pending: list[str]
    amendments: list[str]
    since: str | None
    because_kind: str | None
    because: str | None
    because_snapshot: str | None
    because_commit: str | None
    because_author: str | None
    because_committer: str | None
    because_file: str | None
    because_line: int | None
    because_by: str | None
    successor_scopes: list[str]
    successors_elsewhere: list[dict[str, str]]
    premise_verdicts: list[str]


FIELDS: tuple[str, ...] = StatusRow._fields


def row_of(status: ClaimStatus) -> StatusRow:
    """A `ClaimStatus` as a row."""
    return StatusRow._make(status.to_dict().values())


def _iso(epoch_us: int | None) -> str | None:
    """`to_iso(from_epoch_us(value))`, without the checks a value of any kind needs."""
    if epoch_us is None:
        return None
    return (EPOCH + timedelta(microseconds=epoch_us)).isoformat().replace("+00:00", "Z")


# positions in status_rows_all's list (FIELDS' order, then the two lists successors_elsewhere is built from)
TIMES = tuple(FIELDS.index(name) for name in ("asserted_at", "valid_from", "valid_until", "since"))
ELSEWHERE = FIELDS.index("successors_elsewhere")


def _row(values: list[Any]) -> StatusRow:
    """The row of a fresh claim from status_rows_all's list (which converts what Cypher converts exactly): the times
    as ISO 8601 text, successors_elsewhere as objects from the two lists that end it."""
    scopes, uids = values.pop(), values.pop()
    values[ELSEWHERE] = [{"claim": uid, "scope": scope} for uid, scope in zip(uids, scopes)]
    for index in TIMES:
        values[index] = _iso(values[index])
    return StatusRow._make(values)


def iter_rows(
    graph: Graph,
    *,
    scope: str | None = None,
    at: datetime | str | None = None,
    subject: str | None = None,
    only: Iterable[str] | str | None = None,
) -> Iterator[StatusRow]:
    """Every claim's status as a row, streamed in uid order: `iter_status`'s answers, as `StatusRow`s."""
    params = _params(None, scope, at, subject, only)
    if scope is not None:
        yield from (row_of(status) for status in iter_status(graph, scope=scope, at=at, subject=subject, only=only))
        return
    stream = graph.stream_values("status_rows_all", {"t": params["t"], "subject": params["subject"], "only": params["only"]})
    keys = next(stream)
    claim, fresh, values = (keys.index(column) for column in ("claim", "fresh", "row"))

    def judged(records: list[tuple[Any, ...]]) -> Iterator[StatusRow]:
        full = computed(graph, params, [record[claim] for record in records if not record[fresh]])
        for record in records:
            if record[fresh]:
                yield _row(record[values])
            elif record[claim] in full:  # absent: filtered out by `only`
                yield row_of(ClaimStatus.from_row(full[record[claim]], params["t"]))

    yield from held_from_stale(stream, itemgetter(fresh), lambda record: _row(record[values]), judged, STREAM_CHUNK)


def json_array(rows: Iterable[StatusRow]) -> Iterator[str]:
    """`status --format json` of rows as text chunks, the bytes `provgraph.engine.status.json_array` gives for their
    `ClaimStatus`es: one JSON array, one claim object per line, never all rows at once."""
    return json_objects(row._asdict() for row in rows)


__all__ = ["FIELDS", "StatusRow", "iter_rows", "json_array", "row_of"]
