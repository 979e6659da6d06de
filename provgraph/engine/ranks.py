"""Revision ranks: the kept form that spares rule 5 its walk (docs/design.md "Revision ranks").

A claim's `revision_rank` is an integer kept so that every claim it CORRECTS or SUPERSEDES (at any time, in any
scope) has a rank too, a lower one. Ranks fall strictly along every such edge from a ranked claim, so a ranked claim
lies on no cycle of them, whichever edges are visible at the time or scope asked: rule 5 needs no walk for it. A claim
that lies on such a cycle, or reaches one, or reaches a claim without a rank, has none, and rule 5 walks its reach as
before. Every write that can change a status re-ranks what it can change (`rerank`, in its own transaction, before
the status pass), in time proportional to that region.
"""
from __future__ import annotations

from typing import Any, Iterable

from provgraph.base.chunks import chunked
from provgraph.graph.connection import Graph, Tx

_PER_STATEMENT = 5000


def ranks(region: list[dict[str, Any]]) -> dict[str, int | None]:
    """The rank of each claim of `region` (rows of revision_rank_step: claim, targets [{uid, rank}]). A target outside
    the region keeps its stored rank; a claim gets 1 + the highest rank among its targets (0 with none), or none when a
    target has none or it lies on or reaches a cycle."""
    targets = {row["claim"]: [(target["uid"], target["rank"]) for target in row["targets"]] for row in region}
    rank: dict[str, int | None] = {}
    for root in targets:
        if root in rank:
            continue
        stack: list[tuple[str, int]] = [(root, 0)]
        on_path = {root}
        while stack:
            claim, position = stack[-1]
            outs = targets[claim]
            if position < len(outs):
                stack[-1] = (claim, position + 1)
                uid, _ = outs[position]
                if uid in targets and uid not in rank:
                    if uid in on_path:  # a cycle: every claim on it, and every claim reaching it, stays unranked
                        rank[uid] = None
                    else:
                        stack.append((uid, 0))
                        on_path.add(uid)
                continue
            stack.pop()
            on_path.discard(claim)
            if claim in rank:  # marked on a cycle while below it on the path
                continue
            below = [rank[uid] if uid in targets else stored for uid, stored in outs]
            rank[claim] = None if any(r is None for r in below) else 1 + max((r for r in below if r is not None), default=-1)
    return rank


def rerank(tx: Tx, seeds: Iterable[str], sources: Iterable[str] = ()) -> int:
    """Recompute and store the revision rank of every claim the write (touched `seeds` and `sources`) can change.
    Returns how many claims' ranks changed."""
    seeds, sources = sorted(set(seeds)), sorted(set(sources))
    if not seeds and not sources:
        return 0
    frontier = [row["claim"] for row in tx.rows("revision_rank_region", {"seeds": seeds, "sources": sources})]
    region: dict[str, dict[str, Any]] = {}
    # upwards one step a round, each claim once: a round per step the change climbs (a new head: one), where one walk
    # per claim of a long chain written at once would cost the square of the chain
    while frontier:
        found = [row for chunk in chunked(frontier, _PER_STATEMENT)
                 for row in tx.rows("revision_rank_step", {"claims": chunk})]
        region.update((row["claim"], row) for row in found)
        frontier = sorted({uid for row in found for uid in row["revisers"] if uid not in region})
    rows = [{"claim": claim, "rank": rank} for claim, rank in sorted(ranks(list(region.values())).items())
            if rank != region[claim]["rank"]]  # only what changed is written
    for chunk in chunked(rows, _PER_STATEMENT):
        tx.run("revision_rank_store", {"rows": chunk})
    return len(rows)


def violations(graph: Graph) -> list[dict[str, Any]]:
    """The edges that break the rank invariant ({claim, target}): only a write that bypassed provgraph leaves any."""
    return graph.read("revision_rank_violations")


__all__ = ["ranks", "rerank", "violations"]
