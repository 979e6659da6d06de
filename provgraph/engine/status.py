"""The status of claims for a question scope and time.

Every rule of the status table (docs/design.md "Status of a claim") runs in the database, in
`cypher/status.cypher`; this module passes parameters and shapes rows. `status()` returns
a list for a few claims; `iter_status()` streams every claim (the nightly report runs it
over the whole graph) without holding all rows at once.

For the default question (no `scope`: each claim's own scope) a claim's status stored at write
time (`provgraph.engine.stored_status`) is read when it is fresh at the time asked: computed at or before it,
expiring after it. Every other claim takes the full computation, so the answers are the same. Each answer is a
`ClaimStatus` (provgraph/engine/claim_status.py).
"""
from __future__ import annotations

from datetime import datetime
from typing import Any, Iterable, Iterator

from provgraph.base.times import parse_moment
from provgraph.base.chunks import chunked, held_from_stale
from provgraph.base.errors import NotFound, UsageError
from provgraph.base.text import and_more
from provgraph.base.values import from_epoch_us
from provgraph.engine.account import add_account
from provgraph.engine.claim_status import ClaimStatus
from provgraph.graph.connection import Graph

STATUSES = ("ACTIVE", "STALE", "CONFLICT", "UNKNOWN")

# Every reason code, in the order of the status table; REASONS[code] -> status.
REASONS: dict[str, str] = {
    "UNBOUND": "UNKNOWN",
    "NOT_YET_ASSERTED": "UNKNOWN",
    "OUT_OF_SCOPE": "UNKNOWN",
    "EXPIRED": "STALE",
    "NOT_YET_VALID": "UNKNOWN",
    "REVISION_CYCLE": "CONFLICT",
    "CORRECTED": "STALE",
    "SUPERSEDED": "STALE",
    "INVALIDATED": "STALE",
    "SOURCE_REVISED": "STALE",
    "SOURCE_DELETED": "STALE",
    "REJECTED": "STALE",
    "WITHDRAWN": "STALE",
    "DEPRECATED": "STALE",
    "PROPOSED": "UNKNOWN",
    "ON_HOLD": "UNKNOWN",
    "UNRECOGNISED_STATUS": "UNKNOWN",
    "EXPLICIT_CONFLICT": "CONFLICT",
    "RIVAL_CLAIM": "CONFLICT",
    "PREMISE_NOT_CURRENT": "UNKNOWN",
    "CURRENT": "ACTIVE",
}


def _params(
    claims: Iterable[str] | None,
    scope: str | None,
    at: datetime | str | None,
    subject: str | None,
    only: Iterable[str] | str | None,
) -> dict[str, Any]:
    if isinstance(only, str):
        only = only.split(",")
    only_list = None
    if only is not None:
        only_list = sorted({part.strip().upper() for part in only if part.strip()})
        unknown = [part for part in only_list if part not in STATUSES]
        if unknown:
            raise UsageError(f"--only: unknown status {', '.join(unknown)} (choose from {', '.join(STATUSES)})")
    return {
        "claims": None if claims is None else list(dict.fromkeys(claims)),
        "q": scope,
        "t": parse_moment(at, missing="now"),
        "subject": subject,
        "only": only_list or None,
    }


def status(
    graph: Graph,
    claims: list[str] | None = None,
    *,
    scope: str | None = None,
    at: datetime | str | None = None,
    subject: str | None = None,
    only: Iterable[str] | str | None = None,
) -> list[ClaimStatus]:
    """The status of the given claims (or every claim), sorted by uid. Unknown uids raise NotFound."""
    if claims is not None and scope is None and subject is None and only is None:
        # one round trip when every id is a uid (the common case); aliases and unknown ids go the long way
        params = _params(claims, scope, at, subject, only)
        stored = graph.read(*_stored_query(params))
        if {row["claim"] for row in stored} >= set(params["claims"]):
            return list(_merge_stored(graph, stored, params, len(stored) or 1))
    if claims is not None:
        claims = resolve(graph, claims)
    params = _params(claims, scope, at, subject, only)
    if scope is None:
        stored = graph.read(*_stored_query(params))
        return list(_merge_stored(graph, stored, params, len(stored) or 1))
    rows = add_account(graph.read, graph.read("status", params), params["t"])
    return [ClaimStatus.from_row(row, params["t"]) for row in rows]


def iter_status(
    graph: Graph,
    *,
    scope: str | None = None,
    at: datetime | str | None = None,
    subject: str | None = None,
    only: Iterable[str] | str | None = None,
) -> Iterator[ClaimStatus]:
    """Every claim's status, streamed one row at a time in uid order."""
    params = _params(None, scope, at, subject, only)
    if scope is None:
        stored = graph.stream(*_stored_query(params), plain=True)  # stored rows hold plain values only
        yield from _merge_stored(graph, stored, params, STREAM_CHUNK)
        return
    for rows in chunked(graph.stream("status", params), STREAM_CHUNK):
        for row in add_account(graph.read, rows, params["t"]):
            yield ClaimStatus.from_row(row, params["t"])


STREAM_CHUNK = 1000  # stored rows held while the claims among them that are not fresh are computed
STORED_TIMES = ("asserted_at", "valid_from", "valid_until", "since")  # status_stored returns them as epoch microseconds


def stored_rows(rows: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """status_stored's rows with the status query's columns: its epoch-microsecond times as datetimes."""
    for row in rows:
        for key in STORED_TIMES:
            if row.get(key) is not None:
                row[key] = from_epoch_us(row[key])
        yield row


def _stored_query(params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The stored-status query for the claims of `params` (status_stored), or for every claim (status_stored_all)."""
    values = {"t": params["t"], "subject": params["subject"], "only": params["only"]}
    if params["claims"] is None:
        return "status_stored_all", values
    return "status_stored", {**values, "claims": params["claims"]}


def _merge_stored(graph: Graph, stored: Iterable[dict[str, Any]], params: dict[str, Any],
                  chunk: int) -> Iterator[ClaimStatus]:
    """Stored rows in uid order, each one that is not fresh replaced by the full computation (a query per chunk)."""
    def judged(rows: list[dict[str, Any]]) -> Iterator[ClaimStatus]:
        full = computed(graph, params, [row["claim"] for row in rows if not row["fresh"]])
        for row in rows:
            if row["fresh"]:
                yield ClaimStatus.from_row(row, params["t"])
            elif row["claim"] in full:  # absent: filtered out by `only`
                yield ClaimStatus.from_row(full[row["claim"]], params["t"])

    return held_from_stale(stored_rows(stored), lambda row: row["fresh"], lambda row: ClaimStatus.from_row(row, params["t"]),
                           judged, chunk)


def computed(graph: Graph, params: dict[str, Any], claims: list[str]) -> dict[str, dict[str, Any]]:
    """The full computation of `claims` for the question of `params`, each row with its account, by uid (a claim
    `only` filters out is absent): what replaces a stored status that is not fresh."""
    rows = graph.read("status", {**params, "claims": claims})
    return {row["claim"]: row for row in add_account(graph.read, rows, params["t"])}


def resolve(graph: Graph, ids: Iterable[str]) -> list[str]:
    """Claim uids for ids given by uid or alias, in the order given; unknown ids raise NotFound."""
    wanted = list(dict.fromkeys(ids))
    rows = graph.read("resolve_claims", {"ids": wanted})
    found = {row["id"]: row["uid"] for row in rows}
    missing = [i for i in wanted if found.get(i) is None]
    if missing:
        raise NotFound(f"no claim with id {and_more(missing, 5)}")
    return list(dict.fromkeys(found[i] for i in wanted))


def require_store(graph: Graph, name: str) -> None:
    """Refuse a store name the graph does not have (NotFound naming the stores it has)."""
    names = [row["store"] for row in graph.read("store_names")]
    if name not in names:
        raise NotFound(f"no such store {name!r} (stores: {and_more(names, 8) or 'none yet'})")


def json_array(rows: Iterable[ClaimStatus]) -> Iterator[str]:
    """`status --format json` as text chunks: one JSON array, one claim object per line, never all rows at once."""
    return json_objects(row.to_dict() for row in rows)


def json_objects(objects: Iterable[dict[str, Any]]) -> Iterator[str]:
    """`json_array`'s text of claim objects given as dicts: the one writer of `status --format json`'s framing."""
    import json

    first = True
    yield "["
    for item in objects:
        yield ("\n" if first else ",\n") + json.dumps(item, sort_keys=False)
        first = False
    yield "\n]" if not first else "]"


__all__ = ["REASONS", "STATUSES", "iter_status", "json_array", "json_objects", "require_store", "resolve", "status", "stored_rows"]
