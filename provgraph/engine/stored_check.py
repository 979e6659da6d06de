"""`provgraph check`: every stored status and kept closure against the full computation, and `--fix`.

A stored status is a cache of `cypher/status.cypher` (provgraph/engine/stored_status.py); this module proves the
cache on a live store and repairs it under the write lock.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Iterator, Mapping

from provgraph.base.chunks import chunked
from provgraph.base.times import native
from provgraph.engine import rosters
from provgraph.engine.premise_order import premise_bands
from provgraph.engine.ranks import rerank, violations
from provgraph.engine.status import stored_rows
from provgraph.engine.stored_status import (CLAIMS_PER_CHUNK, CLOSURE_LIMIT, recompute_locked, mark_statuses_stale, affected_by,
                                            lock, now)
from provgraph.graph.connection import Graph, Tx
from provgraph.graph.schema import ensure_schema

_COMPARED = ("status", "reason", "question_scope", "scope", "subject", "value", "declared", "text", "placeholder",
             "source", "path", "aliases", "snapshot", "snapshot_uid", "line_start", "line_end", "asserted_at", "valid_from",
             "valid_until", "successors", "conflicts_with", "premises", "premises_not_current", "pending", "amendments",
             "premise_verdicts", "successor_scopes", "successors_elsewhere", "successors_elsewhere_scopes")


@dataclass
class CheckResult:
    """What `provgraph check` found: counts, and each claim whose stored status differs from the computation."""

    at: datetime
    claims: int = 0
    fresh: int = 0
    expired: int = 0
    missing: int = 0
    drift: list[dict[str, Any]] = field(default_factory=list)
    fixed: int = 0
    # information, not drift: kept suspect pairs (`earlier -> later`) a fresh computation would no longer list, and
    # how many claims the write-time suspects pass still owes a step (provgraph/engine/suspects.py)
    suspects_not_found_now: list[str] | None = field(default_factory=list)  # None: not compared (check --no-suspects)
    suspects_owed: int = 0
    # subject -> {property: {"stored", "computed"}}: fresh rival rosters that differ from the computation
    rosters_drifted: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.drift and not self.rosters_drifted

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "claims": self.claims, "fresh": self.fresh, "expired": self.expired,
                "missing": self.missing, "drift": self.drift, "fixed": self.fixed,
                "suspects_not_found_now": self.suspects_not_found_now, "suspects_owed": self.suspects_owed,
                "rosters_drifted": _comparable_tree(self.rosters_drifted)}

    def to_json(self) -> str:
        """What `check --format json` prints."""
        import json

        return json.dumps(self.to_dict(), sort_keys=True)


def _comparable(value: Any) -> Any:
    """A stored or computed field as the drift report compares and prints it."""
    value = native(value)
    if isinstance(value, datetime):
        return value.astimezone(timezone.utc).isoformat()
    if isinstance(value, tuple):
        return list(value)
    return value


def _comparable_tree(value: Any) -> Any:
    """`_comparable` all the way down (JSON output of roster differences)."""
    if isinstance(value, dict):
        return {key: _comparable_tree(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_comparable_tree(item) for item in value]
    return _comparable(value)


def _differences(stored: Mapping[str, Any], full: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    out = {}
    for key in _COMPARED:
        a, b = _comparable(stored.get(key)), _comparable(full.get(key))
        if isinstance(a, list) or isinstance(b, list):
            a, b = list(a or []), list(b or [])
        if a != b:
            out[key] = {"stored": a, "computed": b}
    return out


def _pairs(graph: Graph, t: datetime, chunk: int
           ) -> Iterator[tuple[dict[str, Any], dict[str, Any] | None, dict[str, dict[str, Any]]]]:
    """(stored row, full row, the chunk's kept closures that differ from the walk) for every claim, in uid order,
    `chunk` claims per full computation."""
    stored_query = "status_stored_all"
    full_query = "status"
    stored = stored_rows(graph.stream(stored_query, {"t": t, "subject": None, "only": None}))
    for rows in chunked(stored, chunk):
        uids = [row["claim"] for row in rows if row["fresh"]]  # the others are read by the full computation anyway
        full = {row["claim"]: row for row in graph.read(full_query, {
            "claims": uids, "q": None, "t": t, "subject": None, "only": None})} if uids else {}
        closures = _closure_differences(graph, uids, t) if uids else {}
        for row in rows:
            yield row, full.get(row["claim"]), closures


def _closure_differences(graph: Graph, claims: list[str], t: datetime) -> dict[str, dict[str, Any]]:
    """{claim: {"stored", "computed"}} for each of `claims` whose kept revision closure answers its own scope at `t`
    and differs from the closure walked at `t` (cypher/revision_closure_kept.cypher against revision_closure_rows.cypher)."""
    kept = {row["claim"]: row["rows"] for row in graph.read("revision_closure_kept",
                                                            {"claims": claims, "t": t})}
    if not kept:
        return {}
    walked = {row["claim"]: row["rows"] for row in graph.read("revision_closure_rows",
                                                              {"claims": sorted(kept), "t": t, "limit": CLOSURE_LIMIT})}
    return {uid: {"stored": rows, "computed": walked.get(uid)} for uid, rows in kept.items() if rows != walked.get(uid)}


def check(graph: Graph, *, at: datetime | None = None, fix: bool = False, chunk: int = 500) -> CheckResult:
    """Compare every claim's stored status, and the revision closure kept with it, with the full computation at `at`
    (default now).

    A stored status or kept closure that is fresh at that time and differs is drift (a closure's under "closure"), and
    so is a claim with a subject whose `status_retired_since` its stored status does not bear out ("retired_since").
    With `fix`, every claim whose stored status is drifted, missing or expired is recomputed and stored (under the
    write lock).
    """
    moment = at or now()
    if fix:
        ensure_schema(graph)
    result = CheckResult(at=moment)
    # rosters first: the full status computation reads them, so one that is wrong would hide in both sides
    result.rosters_drifted = rosters.drifted(graph.read, moment)
    if fix and result.rosters_drifted:
        def mend(tx: Tx) -> int:
            lock(tx, changes=False)
            rosters.mark_subjects_stale(tx, sorted(result.rosters_drifted))
            return rosters.recompute_stale_rosters(tx, now())

        result.fixed += graph.transaction(mend, write=True)
    stale: list[str] = []
    for stored, full, closures in _pairs(graph, moment, chunk):
        result.claims += 1
        if not stored["fresh"]:
            if stored.get("reason") is None:
                result.missing += 1
            else:
                result.expired += 1
            stale.append(stored["claim"])
            continue
        result.fresh += 1
        differences = _differences(stored, full or {})
        if stored["claim"] in closures:
            differences["closure"] = closures[stored["claim"]]
        if differences:
            result.drift.append({"claim": stored["claim"], "differences": differences})
            stale.append(stored["claim"])
    # a claim verify's seek of a subject's live claims would leave out wrongly (rules/subject-live)
    for row in graph.read("status_retired_drift", {"t": moment}):
        result.drift.append({"claim": row["claim"], "differences": {"retired_since": {
            "stored": _comparable(row["retired_since"]), "computed": "not retired by its stored status"}}})
        stale.append(row["claim"])
    # a ranked claim that revises one without a lower rank (a write that bypassed provgraph): rule 5 would skip a walk
    # it needs, so the full computation above is not to be trusted for what reaches it either; fix re-ranks them
    unranked = sorted({row["claim"] for row in violations(graph)})
    for uid in unranked:
        result.drift.append({"claim": uid, "differences": {"revision_rank": {"stored": "breaks the rank invariant",
                                                                             "computed": None}}})
    if fix and unranked:
        def unit(tx: Tx) -> int:
            lock(tx)
            return rerank(tx, unranked)

        graph.transaction(unit, write=True)
        stale = sorted(set(stale) | set(affected_by(graph, unranked)))
    if fix and result.drift:
        # rule 11 stops at a stored premise (rules/premise-kept), so what rests on a drifted claim is recomputed too
        stale = sorted(set(stale) | set(affected_by(graph, [entry["claim"] for entry in result.drift])))
    if fix and stale:
        def mark_stale(tx: Tx) -> None:  # all first: a chunk's walks must not stop at a stale row of a later chunk
            lock(tx, changes=False)
            mark_statuses_stale(tx, stale)

        graph.transaction(mark_stale, write=True)
        for band in premise_bands(graph.read, stale)[0]:  # premises first, as the write-time pass stores them
            for uids in chunked(band, CLAIMS_PER_CHUNK):
                result.fixed += graph.transaction(lambda tx: recompute_locked(tx, uids), write=True)  # noqa: B023
    return result


__all__ = ["CheckResult", "check"]
