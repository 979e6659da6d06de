"""Suspects kept at write time: each write finds the possible unlinked revisions it can change, and keeps them.

A claim's suspects change only when a claim is written, linked, adjudicated or dismissed, so they are found then
and kept in the graph, and `provgraph suspects`, the report and verify's advisory field read what is kept
(`cypher/suspects_kept.cypher`, no full-text lookup on the read path).

Two things are kept (docs/schema.md):
- on each claim, what its own full-text lookup found (`search_hits`, `search_ratios`: `cypher/suspect_lookup.cypher`);
- one `(earlier)-[:SUSPECTED {score, terms, found_at}]->(later)` per pair that passes every condition of `suspects`
  on a single pair (`cypher/suspect_pairs.cypher`, scored from both sides' kept lookups); the cut per earlier claim
  (close to its best, at most `per_claim`) is made when read, so a pair that a link or dismissal settles leaves
  room for the next one.

After an ingest (`after_ingest`): the lookups run for the claims it wrote, then again for the claims those lookups
hit (their own lookups now meet the new text), and the pairs touching any of them or the ends of an edge it wrote are
recomputed. An adjudication, a dismissal and a revocation recompute the pairs of the claims they decide about in
their own transaction (`refresh_pairs`, no lookup: the texts did not change). `refresh_all` (`suspects --refresh`)
runs every lookup again against the store as it is now.

"As found when written": Lucene's scores depend on the corpus when the lookup ran (how many claims use a word), so
a kept score may differ from a fresh lookup's after later writes; `compare` lists the differences (`provgraph check`
reports them as information, not drift). Ties are broken by uid, so the same input written in the same order keeps
the same pairs.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from typing import Any, Iterable

from provgraph import cypher
from provgraph.base.chunks import chunked
from provgraph.engine import stored_status
from provgraph.engine.suspects import HITS, MIN_SCORE, MIN_TERMS, PER_CLAIM, fetch_size
from provgraph.graph.connection import Graph, Tx

CHUNK = 2000  # claims per lookup / pair statement
WORKERS = 2  # lookup chunks run at once outside the lock (one server core each)


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _look_up(graph: Graph, claims: list[str]) -> tuple[datetime, list[dict[str, Any]]]:
    moment = _now()
    hits = max(HITS, PER_CLAIM + 1)
    return moment, graph.read(cypher.load("suspect_lookup").text,
                              {"claims": claims, "hits": hits, "fetch": fetch_size(hits)})


def look_up(graph: Graph, claims: Iterable[str]) -> set[str]:
    """Run the full-text lookup of every claim in `claims` and keep its hits on the claim. Returns every claim hit.

    The lookups are reads, WORKERS chunks at a time outside the lock; each chunk's hits are stored under it."""
    chunks = list(chunked(sorted(set(claims)), CHUNK))
    hit: set[str] = set()
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        for _, computing in stored_status.ahead(pool, lambda chunk: _look_up(graph, chunk), chunks, WORKERS):
            moment, rows = computing.result()
            for row in rows:
                hit.update(row["hits"])
            graph.transaction(lambda tx: _store_hits(tx, rows, moment), write=True)  # noqa: B023 - runs now
    return hit


def _store_hits(tx: Tx, rows: list[dict[str, Any]], moment: datetime) -> None:
    stored_status.lock(tx, changes=False)
    tx.run(cypher.kept_plan("suspect_hits_store"), {"rows": rows, "t": moment})


def refresh_pairs(tx: Tx, claims: Iterable[str], t: datetime | None = None) -> int:
    """Recompute, from the kept lookups, the kept pairs touching `claims` (inside the caller's transaction, which
    holds the write lock). Returns how many pairs are kept for them now."""
    moment = t or _now()
    kept = 0
    for chunk in chunked(sorted(set(claims)), CHUNK):
        pairs = tx.rows(cypher.load("suspect_pairs").text,
                        {"claims": chunk, "t": moment, "min_score": MIN_SCORE, "min_terms": MIN_TERMS})
        kept += int(tx.rows(cypher.load("suspect_keep").text, {"claims": chunk, "pairs": pairs, "t": moment})[0]["kept"])
    return kept


def _refresh_pairs_locked(graph: Graph, claims: list[str]) -> int:
    def unit(tx: Tx) -> int:
        stored_status.lock(tx, changes=False)
        return refresh_pairs(tx, claims)

    return graph.transaction(unit, write=True)


def after_ingest(graph: Graph, written: Iterable[str], linked: Iterable[str] = ()) -> int:
    """The ingest's suspects pass: look up what it wrote, look up again what those lookups hit, and recompute the
    kept pairs touching any of them or the ends of an edge it wrote (`linked`). Returns the pairs kept for them."""
    written = set(written)
    if not written and not linked:
        return 0
    neighbours = look_up(graph, written) - written if written else set()
    if neighbours:
        look_up(graph, neighbours)
    touched = sorted(written | neighbours | set(linked))
    return sum(_refresh_pairs_locked(graph, chunk) for chunk in chunked(touched, CHUNK))


def refresh_all(graph: Graph) -> int:
    """`suspects --refresh`: every lookup again against the store as it is now, then every pair. Returns the pairs kept."""
    claims = [row["uid"] for row in graph.stream(cypher.load("suspect_claims").text)]
    look_up(graph, claims)
    return sum(_refresh_pairs_locked(graph, chunk) for chunk in chunked(claims, CHUNK))


def catch_up(graph: Graph) -> int:
    """Run the lookups that are due (claims with full-text fields and no kept lookup: a store written before suspects
    were kept, fields `provgraph init` just rewrote) and recompute their pairs. Returns how many claims were due."""
    due = [row["uid"] for row in graph.stream(cypher.load("suspect_due").text)]
    after_ingest(graph, due)
    return len(due)


def compare(graph: Graph) -> dict[str, Any]:
    """The kept suspects against a fresh computation (every lookup run now): information for `provgraph check`.

    Returns {"kept", "fresh", "no_longer_listed": ["earlier -> later", ...], "not_kept": [...]}: pairs listed from
    what is kept that a fresh computation would no longer list, and pairs it would list that are not kept (Lucene's
    scores depend on the corpus when the lookup ran: `suspects --refresh` brings the kept pairs up to date)."""
    from provgraph.engine.suspects import suspects

    kept = {s.key for s in suspects(graph)}
    fresh = {s.key for s in suspects(graph, fresh=True)}
    return {"kept": len(kept), "fresh": len(fresh), "no_longer_listed": sorted(kept - fresh),
            "not_kept": sorted(fresh - kept)}


__all__ = ["after_ingest", "catch_up", "compare", "look_up", "refresh_all", "refresh_pairs"]
