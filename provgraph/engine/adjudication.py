"""Recorded decisions between rival claims: `adjudicate` (keep one, retire others) and `revoke`.

An adjudication is an `Adjudication` node that KEEPS one claim and RETIRES others, plus the
SUPERSEDES edge keep -> retired it implies (`via` = the adjudication uid, visible from
`decided_at` until `revoked_at`), exactly as docs/schema.md describes; the status, lineage,
conflicts and verify queries see it through that edge. The writes are
`cypher/adjudicate.cypher` and `cypher/adjudication_revoke.cypher`.

A `--distinct` adjudication (kind 'distinct', `cypher/adjudicate_distinct.cypher`) DISTINGUISHES two claims
that `provgraph suspects` suggested as one matter: it implies no edge, and while it stands the pair is
never suggested again.
"""
from __future__ import annotations

import getpass
import hashlib
import json
import os
from datetime import datetime
from typing import Any, Iterable

from provgraph.base.times import parse_moment
from provgraph.base.errors import NotFound, UsageError
from provgraph.base.times import native, to_iso
from provgraph.engine import stored_status
from provgraph.engine.status import resolve
from provgraph.graph.connection import Graph, Tx
from provgraph.graph.schema import ensure_schema


def default_by() -> str:
    """Who decides when nobody says: $USER, else the login name."""
    try:
        return os.environ.get("USER") or getpass.getuser() or "unknown"
    except Exception:  # noqa: BLE001 - getpass raises when there is no user database entry
        return "unknown"


def adjudication_uid(keep: str, retire: Iterable[str], scope: str | None, decided_at: datetime, by: str, why: str) -> str:
    """`adj:<12 hex>`, a hash of what was decided, when and by whom (the same decision gives the same uid)."""
    payload = json.dumps([keep, sorted(retire), scope, decided_at.isoformat(), by, why], separators=(",", ":"))
    return "adj:" + hashlib.sha256(payload.encode("utf-8")).hexdigest()[:12]


def adjudicate(
    graph: Graph,
    keep: str,
    retire: str | Iterable[str],
    *,
    scope: str | None = None,
    why: str = "",
    by: str | None = None,
    at: datetime | str | int | None = None,
) -> dict[str, Any]:
    """Record that `keep` governs over `retire` (one id or several) in `scope` (default: the kept claim's scope).

    Ids may be uids or aliases; unknown ids raise NotFound. An adjudication in force that decided the
    other way must be revoked first (UsageError): both together would form a revision cycle.
    Returns {"adjudication", "keeps", "retires", "scope", "decided_at", "by", "why", "edges"}.
    """
    retired_ids = [retire] if isinstance(retire, str) else list(retire)
    if not retired_ids:
        raise UsageError("adjudicate needs at least one claim to retire (--retire)")
    decided_at = parse_moment(at, missing="now")  # a bad --at is refused before anything is looked up
    ensure_schema(graph)
    [kept] = resolve(graph, [keep])
    retired = resolve(graph, retired_ids)
    if kept in retired:
        raise UsageError(f"cannot keep and retire the same claim {kept}")
    opposing = graph.read("adjudication_opposing", {"keep": kept, "retire": retired, "at": decided_at})
    if opposing:
        first = opposing[0]
        raise UsageError(f"{first['adjudication']} keeps {first['keeps']} over {kept} and is in force at "
                         f"{to_iso(decided_at)}: revoke it first (provgraph adjudicate --revoke {first['adjudication']})")
    by = by or default_by()
    uid = adjudication_uid(kept, retired, scope, decided_at, by, why)
    params = {"uid": uid, "keep": kept, "retire": retired, "scope": scope, "at": decided_at, "by": by, "why": why}
    row = _write(graph, "adjudicate", params, [kept, *retired])
    return {
        "adjudication": row["adjudication"],
        "keeps": kept,
        "retires": sorted(retired),
        "scope": row["scope"],
        "decided_at": to_iso(row["decided_at"]),
        "by": by,
        "why": why,
        "edges": row["edges"],
    }


def distinguish(
    graph: Graph,
    first: str,
    second: str,
    *,
    why: str = "",
    by: str | None = None,
    at: datetime | str | int | None = None,
) -> dict[str, Any]:
    """Record that `first` and `second` are not the same matter, so `provgraph suspects` never suggests the pair.

    An Adjudication of kind 'distinct' that DISTINGUISHES both claims; it changes no status and is revoked like
    any other (`revoke`). Ids may be uids or aliases; unknown ids raise NotFound. A dismissal already in force
    for the pair is returned as it is ("existing": true, with its own by and why); given another `why`, it is
    refused (UsageError): an adjudication is a record, so a new reason means revoking it and marking the pair
    again. Returns {"adjudication", "distinct", "decided_at",
    "by", "why", "existing"}.
    """
    ensure_schema(graph)
    pair = sorted(set(resolve(graph, [first, second])))
    if len(pair) < 2:
        raise UsageError(f"cannot mark a claim distinct from itself ({pair[0]})")
    decided_at = parse_moment(at, missing="now")
    standing = graph.read("adjudication_standing_distinct", {"a": pair[0], "b": pair[1], "at": decided_at})
    by = by or default_by()
    if standing:
        row = standing[0]
        if why and why != row["why"]:
            raise UsageError(f"{pair[0]} and {pair[1]} are already distinct by {row['adjudication']} (why: "
                             f"{row['why'] or '-'}); to give another reason, revoke it first "
                             f"(provgraph adjudicate --revoke {row['adjudication']}) and mark them again")
        return {"adjudication": row["adjudication"], "distinct": pair, "decided_at": to_iso(row["decided_at"]),
                "by": row["by"], "why": row["why"], "existing": True}
    uid = adjudication_uid("distinct", pair, None, decided_at, by, why)
    row = graph.write("adjudicate_distinct",
                      {"uid": uid, "claims": pair, "at": decided_at, "by": by, "why": why})[0]
    return {"adjudication": row["adjudication"], "distinct": pair, "decided_at": to_iso(row["decided_at"]),
            "by": by, "why": why, "existing": False}


LINK_KINDS = ("relates", "depends_on")


def link(
    graph: Graph,
    source: str,
    target: str,
    kind: str,
    *,
    scope: str | None = None,
    why: str = "",
    by: str | None = None,
    at: datetime | str | int | None = None,
) -> dict[str, Any]:
    """Record that `source` relates to `target` (kind 'relates') or rests on it (kind 'depends_on': a premise), as a
    decision: a suspect confirmed as something other than a revision. The implied edge counts like a recorded one
    (a premise no longer current makes `source` UNKNOWN) until the adjudication is revoked, and the pair is no
    suspect while it stands. Ids may be uids or aliases; unknown ids raise NotFound.
    Returns {"adjudication", "kind", "source", "target", "scope", "decided_at", "by", "why", "edges"}."""
    if kind not in LINK_KINDS:
        raise UsageError(f"a link is one of {', '.join(LINK_KINDS)}, not {kind!r}")
    decided_at = parse_moment(at, missing="now")
    ensure_schema(graph)
    [start] = resolve(graph, [source])
    [end] = resolve(graph, [target])
    if start == end:
        raise UsageError(f"cannot link a claim to itself ({start})")
    by = by or default_by()
    uid = adjudication_uid(f"{kind}:{start}", [end], scope, decided_at, by, why)
    params = {"uid": uid, "kind": kind, "source": start, "target": end, "scope": scope, "at": decided_at, "by": by,
              "why": why}
    row = _write(graph, "adjudicate_link", params, [start, end])
    return {"adjudication": row["adjudication"], "kind": kind, "source": start, "target": end, "scope": row["scope"],
            "decided_at": to_iso(row["decided_at"]), "by": by, "why": why, "edges": row["edges"]}


def revoke(graph: Graph, adjudication: str, at: datetime | str | int | None = None) -> dict[str, Any]:
    """Revoke `adjudication` from `at` (default now) on; status as of an earlier time still sees it.

    Unknown uid -> NotFound; already revoked, or `at` before the decision -> UsageError.
    Returns {"adjudication", "revoked_at", "edges"} and what was revoked: "kind" (null, 'distinct', 'relates' or
    'depends_on'), "keeps", "retires", "distinct" (claim uids), "source" and "target" (a link's), "scope",
    "decided_at", "by", "why".
    """
    moment = parse_moment(at, missing="now")
    ensure_schema(graph)
    found = graph.read("adjudication_get", {"uid": adjudication})
    if not found:
        raise NotFound(f"no adjudication with uid {adjudication}")
    current = found[0]
    if current["revoked_at"] is not None:
        raise UsageError(f"adjudication {adjudication} was already revoked at {to_iso(current['revoked_at'])}")
    decided_at = native(current["decided_at"])
    if decided_at is not None and moment < decided_at:
        raise UsageError(f"cannot revoke {adjudication} at {to_iso(moment)}: it was decided later, at {to_iso(decided_at)}")
    [link] = current["links"] or [[None, None]]
    claims = [*(current["keeps"] or []), *(current["retires"] or []), *(uid for uid in link if uid)]
    row = _write(graph, "adjudication_revoke", {"uid": adjudication, "at": moment}, claims)
    return {"adjudication": row["adjudication"], "revoked_at": to_iso(row["revoked_at"]), "edges": row["edges"],
            "kind": current["kind"], "keeps": list(current["keeps"] or []), "retires": list(current["retires"] or []),
            "distinct": list(current["distinct"] or []), "scope": current["scope"],
            "source": link[0], "target": link[1],
            "decided_at": to_iso(current["decided_at"]), "by": current["by"], "why": current["why"] or ""}


def _write(graph: Graph, name: str, params: dict[str, Any], claims: list[str]) -> dict[str, Any]:
    """The write and the status pass for the claims it decides between, in one transaction."""
    def work(tx: Tx) -> dict[str, Any]:
        return tx.rows(name, params)[0]

    return stored_status.write_with_status(graph, work, lambda _: (claims, ()))


__all__ = ["LINK_KINDS", "adjudicate", "adjudication_uid", "default_by", "distinguish", "link", "revoke"]

