"""Unresolved conflicts: rival claims, explicit conflicts and revision cycles, with what would resolve each.

Which claims are in CONFLICT is decided by `cypher/status.cypher` (rules 5 and 10); the
pairs come from `cypher/rivals.cypher` and the cycles from `cypher/revision_cycles.cypher`.
This module only groups those rows and writes the hints.
"""
from __future__ import annotations

import shlex
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from provgraph import cypher
from provgraph.base.as_of import at_or_now
from provgraph.engine.status import iter_status
from provgraph.graph.connection import Graph

_BATCH = 500


@dataclass(frozen=True)
class Conflict:
    kind: str  # RIVAL_CLAIM, EXPLICIT_CONFLICT, REVISION_CYCLE
    claims: tuple[str, ...]
    scope: str  # the question scope it was found in
    subject: str | None = None
    values: tuple[str | None, ...] = ()
    resolve: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "claims": list(self.claims),
            "scope": self.scope,
            "subject": self.subject,
            "values": list(self.values),
            "resolve": list(self.resolve),
        }


def _adjudicate_hint(keep: str, retire: str, scope: str) -> str:
    scope_part = f" --scope {shlex.quote(scope)}" if scope else ""
    return f"provgraph adjudicate --keep {shlex.quote(keep)} --retire {shlex.quote(retire)}{scope_part}"


def conflicts(graph: Graph, *, scope: str | None = None, at: datetime | str | None = None) -> list[Conflict]:
    """Every unresolved conflict at (scope, at), sorted by kind then claims."""
    t = at_or_now(at)
    found: dict[tuple[str, tuple[str, ...]], Conflict] = {}
    cyclic: list[str] = []
    batch: list[Any] = []
    for row in iter_status(graph, scope=scope, at=t, only=["CONFLICT"]):
        if row.reason == "REVISION_CYCLE":
            cyclic.append(row.claim)
            continue
        batch.append(row)
        if len(batch) >= _BATCH:
            _pairs(graph, batch, scope, t, found)
            batch = []
    if batch:
        _pairs(graph, batch, scope, t, found)
    if cyclic:
        for cycle in graph.read(cypher.load("revision_cycles").text, {"claims": cyclic, "q": scope, "t": t}):
            members = tuple(sorted(set(cycle["cycle"])))
            key = ("REVISION_CYCLE", members)
            if key not in found:
                hint = (f"remove or revoke one of the revision edges among {', '.join(members)}, "
                        f"or {_adjudicate_hint(members[0], members[1], scope or '')}")
                found[key] = Conflict("REVISION_CYCLE", members, scope or "", resolve=(hint,))
    return [found[key] for key in sorted(found)]


def _pairs(graph: Graph, batch: list[Any], scope: str | None, t: datetime, found: dict) -> None:
    by_uid = {row.claim: row for row in batch}
    rows = graph.read(cypher.load("rivals").text, {"claims": list(by_uid), "q": scope, "t": t, "subject": None})
    for rival in rows:
        if rival["rival_status"] != "ACTIVE":
            continue
        me = by_uid[rival["claim"]]
        pair = tuple(sorted((me.claim, rival["rival"])))
        key = (rival["kind"], pair)
        if key in found:
            continue
        values = (me.value, rival["value"]) if pair[0] == me.claim else (rival["value"], me.value)
        question = me.question_scope
        found[key] = Conflict(
            kind=rival["kind"],
            claims=pair,
            scope=question,
            subject=me.subject,
            values=values,
            resolve=(_adjudicate_hint(pair[1], pair[0], question), _adjudicate_hint(pair[0], pair[1], question)),
        )


def to_json(found: list[Conflict]) -> str:
    """What `conflicts --format json` prints."""
    import json

    return json.dumps([c.to_dict() for c in found], indent=2)


__all__ = ["Conflict", "conflicts", "to_json"]
