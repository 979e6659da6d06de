"""Unresolved conflicts: rival claims, explicit conflicts and revision cycles, with what would resolve each.

Which claims are in CONFLICT is decided by `cypher/status.cypher` (rules 5 and 10); explicit
pairs come from `cypher/rivals.cypher`, rival groups (one per subject and question scope, each
member judged once, never once per pair) from `cypher/rival_groups.cypher`, and the cycles from
`cypher/revision_cycles.cypher`. This module only groups those rows and writes the hints.
"""
from __future__ import annotations

import shlex
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Sequence

from provgraph.base.times import parse_moment
from provgraph.base.chunks import chunked
from provgraph.engine.status import status
from provgraph.graph.connection import Graph

_BATCH = 500
_CHUNK = 2000  # candidate claims judged per status query


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


def _adjudicate_hint(keep: str, retire: Sequence[str], scope: str) -> str:
    scope_part = f" --scope {shlex.quote(scope)}" if scope else ""
    retired = "".join(f" --retire {shlex.quote(uid)}" for uid in retire)
    return f"provgraph adjudicate --keep {shlex.quote(keep)}{retired}{scope_part}"


def conflicts(graph: Graph, *, scope: str | None = None, at: datetime | str | None = None) -> list[Conflict]:
    """Every unresolved conflict at (scope, at), sorted by kind then claims: each explicit conflict and revision cycle,
    and each group of rivals (one per subject and question scope, however many values it holds).

    Only claims with a conflict or revision edge are judged one by one (rule 5's cycles and rule 10's explicit
    partners need their status); rivals are found per subject, each member judged once, never once per pair."""
    t = parse_moment(at, missing="now")
    found: dict[tuple[str, tuple[str, ...]], Conflict] = {}
    cyclic: list[str] = []
    explicit: list[Any] = []
    candidates = [row["claim"] for row in graph.read("conflict_candidates")]
    for chunk in chunked(candidates, _CHUNK):
        for row in status(graph, chunk, scope=scope, at=t, only=["CONFLICT"]):
            if row.reason == "REVISION_CYCLE":
                cyclic.append(row.claim)
            elif row.reason == "EXPLICIT_CONFLICT":
                explicit.append(row)
    for batch in chunked(explicit, _BATCH):
        _explicit_pairs(graph, batch, scope, t, found)
    keys = [(row["subject"], row["q"]) for row in graph.read("rival_group_keys", {"q": scope, "t": t})]
    for batch in chunked(keys, _BATCH):
        _rival_groups(graph, batch, t, found, own_scopes=scope is None)
    if cyclic:
        for cycle in graph.read("revision_cycles", {"claims": cyclic, "q": scope, "t": t}):
            members = tuple(sorted(set(cycle["cycle"])))
            key = ("REVISION_CYCLE", members)
            if key not in found:
                hint = (f"remove or revoke one of the revision edges among {', '.join(members)}, "
                        f"or {_adjudicate_hint(members[0], (members[1],), scope or '')}")
                found[key] = Conflict("REVISION_CYCLE", members, scope or "", resolve=(hint,))
    return [found[key] for key in sorted(found)]


def _explicit_pairs(graph: Graph, batch: list[Any], scope: str | None, t: datetime, found: dict) -> None:
    by_uid = {row.claim: row for row in batch}
    rows = graph.read("rivals", {"claims": list(by_uid), "q": scope, "t": t, "subject": None,
                                                  "active": False})
    for rival in rows:
        if rival["kind"] != "EXPLICIT_CONFLICT" or rival["rival_status"] != "ACTIVE":
            continue
        me = by_uid[rival["claim"]]
        pair = tuple(sorted((me.claim, rival["rival"])))
        key = (rival["kind"], pair)
        if key in found:
            continue
        values = (me.value, rival["value"]) if pair[0] == me.claim else (rival["value"], me.value)
        question = me.question_scope
        found[key] = Conflict(kind="EXPLICIT_CONFLICT", claims=pair, scope=question, subject=me.subject, values=values,
                              resolve=_pair_hints(pair, question))


def _rival_groups(graph: Graph, batch: list[tuple[str, str]], t: datetime, found: dict, *, own_scopes: bool) -> None:
    """Rule 10 as groups: the members of a subject at a question scope are the claims that pass rules 1-9 there and
    have a rival among them (another value, or no values, and no revision edge between the two). With `own_scopes`
    (no --scope: each claim judged in its own scope), a group is listed at a scope only if a member's own scope is
    it; the others are the same rivals seen from a narrower scope."""
    params = {"groups": [{"subject": subject, "q": q} for subject, q in batch], "t": t}
    passing: dict[int, list[dict[str, Any]]] = {}
    for row in graph.read("rival_groups", params):
        passing.setdefault(row["group"], []).append(row)
    for index, rows in passing.items():
        members = _with_a_rival(rows)
        subject, question = batch[index]
        if len(members) < 2 or (own_scopes and not any(row["scope"] == question for row in members)):
            continue
        claims = tuple(row["claim"] for row in members)
        hints = (_pair_hints(claims, question) if len(claims) == 2
                 else (_adjudicate_hint("ONE", ("EACH-OTHER",), question)
                       + f"  (keep one of the {len(claims)} and retire each of the others; --retire repeats)",))
        found[("RIVAL_CLAIM", claims)] = Conflict(kind="RIVAL_CLAIM", claims=claims, scope=question, subject=subject,
                                                  values=tuple(row["value"] for row in members), resolve=hints)


def _with_a_rival(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The claims (passing rules 1-9 on one subject) that have a rival among the others: one that does not hold the
    same value and is not joined to it by a revision edge (status.cypher's rule 10). Counted, not paired: a key with
    thousands of values is thousands of steps, not millions."""
    holding = Counter(row["value"] for row in rows if row["value"] is not None)
    by_uid = {row["claim"]: row for row in rows}

    def rivals(a: dict[str, Any], b: dict[str, Any]) -> bool:
        return a["value"] is None or b["value"] is None or a["value"] != b["value"]

    members = []
    for row in rows:
        unlike = len(rows) - (holding[row["value"]] if row["value"] is not None else 1)
        linked = sum(1 for uid in set(row["linked"]) if uid in by_uid and uid != row["claim"] and rivals(row, by_uid[uid]))
        if unlike - linked > 0:
            members.append(row)
    return members


def _pair_hints(pair: tuple[str, ...], scope: str) -> tuple[str, ...]:
    return (_adjudicate_hint(pair[1], (pair[0],), scope), _adjudicate_hint(pair[0], (pair[1],), scope))


def to_json(found: list[Conflict]) -> str:
    """What `conflicts --format json` prints."""
    import json

    return json.dumps([c.to_dict() for c in found], indent=2)


__all__ = ["Conflict", "conflicts", "to_json"]
