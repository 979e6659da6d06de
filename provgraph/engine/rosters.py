"""Rival rosters: rule 10 of a crowded subject, judged once per write instead of once per claim asked about.

A subject with more claims than `stored_status.DEEP` that no revision edge retires (a flag log's key with
thousands of values) keeps one `RivalRoster` node: for each question scope its claims are judged at (their own
scopes), the claims rules 1-9 find ACTIVE there (or CONFLICT: a revision cycle), with their scopes, subjects and
values, computed at one instant and expiring at the earliest later instant any claim on the subject may change its
rules 1-9 (`cypher/status_expiry.cypher`, read as for a claim that rules 1-9 settle). Rule 10 of any claim on the
subject (`cypher/status.cypher`, `cypher/rivals.cypher` for verify) reads the roster while it is fresh
(`cypher/rules/predicates.cypher` `roster-fresh`) instead of judging every claim on the subject, so asking about one claim of
a key with n values costs a list of n entries, not n judgments. Every write the status pass sees first marks the
rosters of the subjects it can change stale (`mark_rosters_stale`, in the write's own transaction, so no read takes a roster the
write made wrong); the pass computes the stale ones again (`recompute_stale_rosters`) before any status that may read them.
docs/design.md "Rival rosters" is the one home of the rule.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Iterable

from provgraph.base.chunks import chunked
from provgraph.base.times import native
from provgraph.graph.connection import Runner, Tx

SUBJECTS_PER_QUERY = 20  # rosters computed by one rival_roster query
CLAIMS_PER_EXPIRY = 2000  # claims per status_expiry query when a roster's expiry is computed
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def mark_rosters_stale(tx: Tx, claims: Iterable[str], limit: int) -> int:
    """Mark owed the roster of every crowded subject `claims` have (or were ever cited with), and drop the roster
    of every other subject they have. Returns how many subjects have a roster marked stale."""
    wanted = sorted(set(claims))
    owed = 0
    for chunk in chunked(wanted, CLAIMS_PER_EXPIRY):
        owed += int(tx.rows("rival_roster_mark_stale", {"claims": chunk, "limit": limit})[0]["owed"])
    return owed


def mark_subjects_stale(tx: Tx, subjects: list[str]) -> int:
    """Mark the rosters of `subjects` owed (check --fix). Returns how many."""
    return int(tx.rows("rival_roster_mark_subjects_stale", {"subjects": subjects})[0]["owed"])


def recompute_stale_rosters(tx: Tx, t: datetime) -> int:
    """Compute every owed roster at `t` and store it, no longer owed. Returns how many."""
    subjects = [row["subject"] for row in tx.rows("rival_roster_stale")]
    stored = 0
    for chunk in chunked(subjects, SUBJECTS_PER_QUERY):
        rows = computed(tx.rows, chunk, t)
        stored += int(tx.rows("rival_roster_store", {"rows": rows, "t": t})[0]["stored"])
    return stored


def computed(run: Runner, subjects: list[str], t: datetime) -> list[dict[str, Any]]:
    """The rosters of `subjects` computed at `t`, as rival_roster_store writes them."""
    return [_roster(run, row, t) for row in run("rival_roster", {"subjects": subjects, "t": t, "q": None})]


def drifted(run: Runner, t: datetime) -> dict[str, dict[str, dict[str, Any]]]:
    """{subject: {property: {"stored", "computed"}}} for every roster fresh at `t` that differs from one computed
    again at `t` (the same when nothing changed: a fresh roster's expiry lies after `t`)."""
    kept = {row["subject"]: row["kept"] for row in run("rival_roster_kept", {"t": t})}
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for chunk in chunked(sorted(kept), SUBJECTS_PER_QUERY):
        for row in computed(run, chunk, t):
            stored = kept[row["subject"]]
            differences = {key: {"stored": stored.get(key), "computed": value} for key, value in row.items()
                           if key != "subject" and _plain(stored.get(key)) != _plain(value)}
            if differences:
                out[row["subject"]] = differences
    return out


def _roster(run: Runner, row: dict[str, Any], t: datetime) -> dict[str, Any]:
    """The properties rival_roster_store writes for one rival_roster row: its entries one list a column, and the
    soonest expiry of the claims on the subject."""
    entries = row["entries"]  # in (scope, uid) order, as Cypher sorts them (rule 10 relies on it)
    return {
        "subject": row["subject"],
        "scopes": row["scopes"],
        "entry_scopes": [entry["q"] for entry in entries],
        "members": [entry["uid"] for entry in entries],
        "reasons": [entry["reason"] for entry in entries],
        "member_scopes": [entry["scope"] or "" for entry in entries],
        "subjects": [entry["subject"] or "" for entry in entries],
        "values": [entry["value"] if entry["value"] is not None else "" for entry in entries],
        "valued": [entry["value"] is not None for entry in entries],
        # the start of each entry's run (status_account): no nulls in a list, so '' / the epoch / -1 stand for none
        "run_snapshots": [entry["run_snapshot"] or "" for entry in entries],
        "run_ats": [entry["run_at"] if entry["run_at"] is not None else _EPOCH for entry in entries],
        "run_lines": [entry["run_line"] if entry["run_line"] is not None else -1 for entry in entries],
        "expires": _soonest(run, row["claims"], t),
    }


def _plain(value: Any) -> Any:
    """A property as Python compares it: Neo4j times as Python's, in lists too."""
    return [native(item) for item in value] if isinstance(value, list) else native(value)


def _soonest(run: Runner, claims: list[str], t: datetime) -> Any:
    """The earliest instant after `t` at which rules 1-9 of any of `claims` may change with no write (null: none)."""
    soonest = None
    for chunk in chunked(sorted(claims), CLAIMS_PER_EXPIRY):
        for row in run("status_expiry", {"claims": chunk, "settled": chunk, "t": t}):
            if row["expires"] is not None and (soonest is None or row["expires"] < soonest):
                soonest = row["expires"]
    return soonest


__all__ = ["computed", "drifted", "mark_rosters_stale", "mark_subjects_stale", "recompute_stale_rosters"]
