"""Helpers for the write-time status tests: the equivalence the guarantee states, checked at chosen times."""
from __future__ import annotations

import json
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Iterable, Iterator

from hypothesis import strategies as st

from provgraph.engine.account import add_account
from provgraph.engine.claim_status import ClaimStatus
from provgraph.engine.status import stored_rows
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest


def full(graph: Graph, t: datetime) -> dict[str, ClaimStatus]:
    rows = graph.read("status", {"claims": None, "q": None, "t": t, "subject": None, "only": None})
    # the full computation includes the account (since, because): stored and computed must agree on it too
    return {row["claim"]: ClaimStatus.from_row(row) for row in add_account(graph.read, rows, t)}


def stored(graph: Graph, t: datetime) -> tuple[dict[str, ClaimStatus], set[str]]:
    """(fresh stored rows at t, uids with no stored status at all)."""
    rows = list(stored_rows(graph.read("status_stored_all", {"t": t, "subject": None, "only": None})))
    fresh = {row["claim"]: ClaimStatus.from_row(row) for row in rows if row["fresh"]}
    missing = {row["claim"] for row in rows if row["reason"] is None}
    return fresh, missing


def assert_kept_closures_are_the_computation(graph: Graph, t: datetime) -> int:
    """Each revision closure kept at write time that answers its claim's own scope at `t` (as verify and `check` read
    it: revision_closure_kept) equals the closure walked at `t` (rules/closure-rows). Returns how many were compared."""
    claims = [row["uid"] for row in graph.read("MATCH (c:Claim) RETURN c.uid AS uid")]
    kept = {row["claim"]: row["rows"] for row in graph.read("revision_closure_kept",
                                                            {"claims": claims, "t": t})}
    if not kept:
        return 0
    walked = {row["claim"]: row["rows"] for row in graph.read("revision_closure_rows",
                                                              {"claims": sorted(kept), "t": t, "limit": 10**6})}
    for uid, rows in kept.items():
        assert rows == walked[uid], f"{uid} at {t.isoformat()}: kept closure {rows} != walked {walked[uid]}"
    return len(kept)


def assert_retired_claims_are_no_rivals(graph: Graph, t: datetime) -> int:
    """Every claim with a subject carries status_retired_since, its stored status bears out each one retired by `t`
    (status_retired_drift, what `check` reads), and the full computation at `t` judges each such claim STALE or
    UNKNOWN at every scope some claim or edge of the graph has (and its parents): no question for which it could be a
    rival verify's seek leaves out (rules/subject-live). Returns how many claims are retired at `t`."""
    assert graph.read("status_retired_drift", {"t": t}) == []
    retired = [row["uid"] for row in graph.read(
        "MATCH (c:Claim) WHERE c.status_retired_since <= $t RETURN c.uid AS uid ORDER BY uid", {"t": t})]
    if not retired:
        return 0
    scopes = {row["scope"] for row in graph.read(
        "CALL () { MATCH (c:Claim) RETURN c.scope AS scope UNION MATCH (:Claim)-[e]->(:Claim) RETURN e.scope AS scope } "
        "RETURN DISTINCT coalesce(scope, '') AS scope")}
    scopes |= {scope.rsplit("/", 1)[0] for scope in scopes if "/" in scope} | {f"{scope}/under".lstrip("/") for scope in scopes}
    scopes |= {"", "elsewhere"}
    for q in sorted(scopes):
        for row in graph.read("status", {"claims": retired, "q": q, "t": t, "subject": None, "only": None}):
            assert row["status"] in ("STALE", "UNKNOWN"), f"{row['claim']} retired, but {row['status']} {row['reason']} at {q!r}, {t}"
    return len(retired)


def graph_times(graph: Graph) -> list[datetime]:
    """Every instant stored in the graph that the rules compare with t (claims, citations, snapshots, edges)."""
    rows = graph.read(
        "CALL () { MATCH (c:Claim) UNWIND [c.asserted_at, c.valid_from, c.valid_until] AS m RETURN m "
        "UNION MATCH ()-[r:CITED_AT]->() UNWIND [r.valid_from, r.valid_until] AS m RETURN m "
        "UNION MATCH (s:Snapshot) UNWIND [s.revised_at, s.until] AS m RETURN m "
        "UNION MATCH (:Claim)-[e]->(:Claim) UNWIND [e.valid_from, e.valid_to] AS m RETURN m } "
        "WITH m WHERE m IS NOT NULL RETURN DISTINCT m ORDER BY m")
    return [row["m"].to_native() for row in rows]


def probe_times(graph: Graph, start: datetime) -> list[datetime]:
    """start, and around every stored instant after it: just before, at, just after; and far ahead."""
    tick = timedelta(microseconds=1)
    out = {start}
    for moment in graph_times(graph):
        if moment > start:
            out |= {moment - tick, moment, moment + tick}
    out.add(start + timedelta(days=3650))
    return sorted(out)


def assert_stored_is_the_computation(graph: Graph, start: datetime, *, every_claim_stored: bool = True) -> int:
    """At `start` and around every later instant: each fresh stored row equals the full computation, and so does
    each fresh kept revision closure; each claim retired then is no rival at any scope.

    Returns how many (claim, time) pairs were compared through a fresh stored row."""
    compared = 0
    for t in probe_times(graph, start):
        fresh, missing = stored(graph, t)
        if every_claim_stored:
            assert not missing, f"claims without a stored status: {sorted(missing)}"
        assert_kept_closures_are_the_computation(graph, t)
        assert_retired_claims_are_no_rivals(graph, t)
        if not fresh:
            continue
        computed = full(graph, t)
        for uid, row in fresh.items():
            assert row == computed[uid], f"{uid} at {t.isoformat()}: stored {row} != computed {computed[uid]}"
            compared += 1
    return compared


def assert_ranks_are_sound(graph: Graph, t: datetime) -> None:
    """The revision ranks hold their invariant, and the full computation gives the same rows without them (rule 5
    walking every claim's reach, as before ranks were kept); the ranks are put back after."""
    from provgraph.engine.ranks import violations

    assert violations(graph) == []
    kept = {row["claim"]: row["rank"] for row in graph.read(
        "MATCH (c:Claim) WHERE c.revision_rank IS NOT NULL RETURN c.uid AS claim, c.revision_rank AS rank")}
    with_ranks = full(graph, t)
    graph.write("MATCH (c:Claim) REMOVE c.revision_rank")
    try:
        without = full(graph, t)
    finally:
        graph.write("UNWIND $rows AS row MATCH (c:Claim {uid: row.claim}) SET c.revision_rank = row.rank",
                    {"rows": [{"claim": uid, "rank": rank} for uid, rank in kept.items()]})
    assert with_ranks == without


@contextmanager
def no_stored_status(graph: Graph) -> Iterator[None]:
    """Inside: no claim has a stored status and no subject a rival roster, so rule 11 walks every premise
    (rules/premise-kept) and rule 10 judges every claim on a subject (engine/rosters.py), as before either was kept;
    both are put back after."""
    graph.write("MATCH (c:Claim) WHERE c.status IS NOT NULL SET c.status_hidden = c.status REMOVE c.status")
    graph.write("MATCH (r:RivalRoster) SET r:HiddenRoster REMOVE r:RivalRoster")
    try:
        yield
    finally:
        graph.write("MATCH (c:Claim) WHERE c.status_hidden IS NOT NULL SET c.status = c.status_hidden REMOVE c.status_hidden")
        graph.write("MATCH (r:HiddenRoster) SET r:RivalRoster REMOVE r:HiddenRoster")


def assert_kept_premises_are_the_walk(graph: Graph, start: datetime) -> None:
    """At `start` and around every later instant, the full computation gives the same rows whether rule 11 stops at
    the stored premises or walks every premise."""
    times = probe_times(graph, start)
    kept = [full(graph, t) for t in times]
    with no_stored_status(graph):
        walked = [full(graph, t) for t in times]
    for t, with_kept, without in zip(times, kept, walked):
        assert with_kept == without, f"at {t.isoformat()}"


def write_jsonl(path: Path, entries: Iterable[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(entry) + "\n" for entry in entries), encoding="utf-8")
    return path


def ingest_log(graph: Graph, path: Path, entries: Iterable[dict[str, Any]], store: str = "d", **kwargs: Any) -> Path:
    """`entries` written as a JSON Lines log at `path` and ingested through the pipeline as `store`."""
    ingest(graph, "logs", write_jsonl(path, entries), fmt="jsonl", store=store, **kwargs)
    return path


# -- random graphs written through the pipeline ----------------------------------------------------------

KINDS = ("supersedes", "corrects", "invalidates", "amends", "depends_on", "conflicts_with")
# offsets from the start of an example; the future ones are what time passing changes
OFFSETS = {"long ago": timedelta(days=-400), "yesterday": timedelta(days=-1), "in a minute": timedelta(minutes=1),
           "in an hour": timedelta(hours=1), "next month": timedelta(days=30)}

claim = st.fixed_dictionaries({
    "subject": st.sampled_from(["x", "y", None]),
    "value": st.sampled_from(["1", "2", None]),
    "scope": st.sampled_from(["", "org", "org/a", "org/b"]),
    "ts": st.sampled_from(["long ago", "long ago", "yesterday", "in an hour"]),
    "valid_until": st.sampled_from([None, None, "yesterday", "in a minute", "next month"]),
    "valid_from": st.sampled_from([None, None, None, "in an hour"]),
    "edges": st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 6)), max_size=2),
})
def _iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


class Logs:
    """Two decision logs holding the example's claims (even ones in the first), as files the pipeline reads."""

    def __init__(self, claims: list[dict[str, Any]], start: datetime, folder: Path) -> None:
        self.start, self.folder = start, folder
        self.entries: dict[int, dict[str, Any]] = {}
        for index, spec in enumerate(claims):
            entry: dict[str, Any] = {"id": f"c{index}", "ts": _iso(start + OFFSETS[spec["ts"]])}
            for key in ("subject", "value", "scope"):
                if spec[key] is not None:
                    entry[key] = spec[key]
            for key in ("valid_until", "valid_from"):
                if spec[key] is not None:
                    entry[key] = _iso(start + OFFSETS[spec[key]])
            for kind, target in spec["edges"]:
                name = f"c{target}" if target < len(claims) else "ghost"  # a reference never ingested
                if name != entry["id"]:
                    entry.setdefault(kind, []).append(name)
            self.entries[index] = entry

    def path(self, which: int) -> Path:
        return self.folder / f"log{which}.jsonl"

    def ingest(self, graph: Graph, which: int) -> None:
        lines = [entry for index, entry in sorted(self.entries.items()) if index % 2 == which]
        write_jsonl(self.path(which), lines)
        ingest(graph, "logs", self.path(which), fmt="jsonl", store=f"log{which}")


def ingest_both_logs(graph: Graph, claims: list[dict[str, Any]], start: datetime) -> None:
    """A fresh graph holding the example's claims, both logs ingested (an example that writes nothing else)."""
    import tempfile

    from provgraph.graph.schema import wipe

    wipe(graph)
    with tempfile.TemporaryDirectory() as folder:
        logs = Logs(claims, start, Path(folder))
        logs.ingest(graph, 0)
        logs.ingest(graph, 1)
