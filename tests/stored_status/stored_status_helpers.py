"""Helpers for the write-time status tests: the equivalence the guarantee states, checked at chosen times."""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Iterable

from hypothesis import strategies as st

from provgraph import cypher
from provgraph.engine.status import ClaimStatus, stored_rows
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest


def full(graph: Graph, t: datetime) -> dict[str, ClaimStatus]:
    rows = graph.read(cypher.load("status").text, {"claims": None, "q": None, "t": t, "subject": None, "only": None})
    return {row["claim"]: ClaimStatus.from_row(row) for row in rows}


def stored(graph: Graph, t: datetime) -> tuple[dict[str, ClaimStatus], set[str]]:
    """(fresh stored rows at t, uids with no stored status at all)."""
    rows = list(stored_rows(graph.read(cypher.load("status_stored_all").text, {"t": t, "subject": None, "only": None})))
    fresh = {row["claim"]: ClaimStatus.from_row(row) for row in rows if row["fresh"]}
    missing = {row["claim"] for row in rows if row["reason"] is None}
    return fresh, missing


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


CLOSURE_COLUMNS = ("q", "successors", "directs", "kinds", "nexts", "edge_scopes", "vias", "heads", "forces")


def kept_closures(graph: Graph) -> dict[str, dict[str, Any]]:
    """The successor closure each claim's stored status keeps (status_store), as status_closure returns it."""
    rows = graph.read("MATCH (c:Claim) RETURN c.uid AS claim, c.status_closure_q AS q, "
                      + ", ".join(f"c.status_closure_{name} AS {name}" for name in CLOSURE_COLUMNS[1:]))
    return {row.pop("claim"): row for row in rows}


def computed_closures(graph: Graph, claims: Iterable[str], t: datetime) -> dict[str, dict[str, Any]]:
    rows = graph.read(cypher.load("status_closure").text, {"claims": sorted(claims), "t": t})
    return {row.pop("claim"): row for row in rows}


def assert_stored_is_the_computation(graph: Graph, start: datetime, *, every_claim_stored: bool = True) -> int:
    """At `start` and around every later instant: each fresh stored row equals the full computation, and so does
    the successor closure it keeps (what verify reads instead of walking it).

    Returns how many (claim, time) pairs were compared through a fresh stored row."""
    compared = 0
    kept = kept_closures(graph)
    for t in probe_times(graph, start):
        fresh, missing = stored(graph, t)
        if every_claim_stored:
            assert not missing, f"claims without a stored status: {sorted(missing)}"
        if not fresh:
            continue
        computed = full(graph, t)
        closures = computed_closures(graph, fresh, t)
        for uid, row in fresh.items():
            assert row == computed[uid], f"{uid} at {t.isoformat()}: stored {row} != computed {computed[uid]}"
            assert kept[uid] == closures[uid], f"{uid} at {t.isoformat()}: kept closure {kept[uid]} != {closures[uid]}"
            compared += 1
    return compared


def write_jsonl(path: Path, entries: Iterable[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(entry) + "\n" for entry in entries), encoding="utf-8")
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


