"""The common search terms of `suspects`: text that recurs across many claims (boilerplate, template headings), which a
full-text lookup leaves out, so it weighs nothing in a pair (provgraph/engine/suspects.py). Every ingest that writes
claims computes them again and keeps them (`keep_common_terms`, cypher/suspect_common_terms.cypher); a read takes the
kept set, one node, and computes it live only when none is kept.
"""
from __future__ import annotations

from datetime import datetime, timezone

from provgraph.graph.connection import Graph, Runner, Tx

# A term is common (weighs nothing in a pair: cypher/suspect_common_terms.cypher) when at least COMMON_MIN_CLAIMS claims
# with free text and COMMON_SHARE of all claims with free text say it (only they are ever in a pair)
COMMON_SHARE = 0.1
COMMON_MIN_CLAIMS = 20
COMMON_OVER = "free text"  # what the kept set was counted over (a set kept with another was counted by an earlier rule)


def common_terms(run: Runner) -> list[str]:
    """The search terms that recur across many claims or stores (boilerplate, template headings): those the last
    ingest kept (`keep_common_terms`), one node read whatever the store's size; computed live when none are kept."""
    kept = run("suspect_common_terms_kept", {})
    if kept and kept[0]["terms"] is not None:
        return list(kept[0]["terms"])
    return live_common_terms(run)


def live_common_terms(run: Runner) -> list[str]:
    """The common terms computed from every claim with free text now (found by the index on search_free_text)."""
    rows = run("suspect_common_terms", {"share": COMMON_SHARE, "min_claims": COMMON_MIN_CLAIMS})
    return [row["term"] for row in rows]


def keep_common_terms(graph: Graph, *, free_text: bool = True) -> list[str]:
    """Compute the common terms and keep them: every ingest that writes claims calls this once, after its last batch;
    with `free_text` False (it wrote no claim with free text, took none out) the kept set stays, unless an earlier rule
    counted it (COMMON_OVER). A lookup leaves the common terms out, so when the set changes, the claims looked up that
    say a term which entered or left it owe a lookup again (`cypher/suspects_mark_common.cypher`): the kept lookups do
    not depend on the order in which ingests kept the set. The set is replaced and the claims marked in one
    transaction under the write lock, which the pass's keep steps take too (`keep_pending`)."""
    from provgraph.engine.stored_status import lock

    kept = [] if free_text else graph.read("suspect_common_terms_kept", {})
    if kept and kept[0]["terms"] is not None and kept[0]["counted_over"] == COMMON_OVER:
        return list(kept[0]["terms"])
    terms = live_common_terms(graph.read)  # a read of every claim with free text: outside the lock
    moment = datetime.now(timezone.utc)

    def keep(tx: Tx) -> None:
        lock(tx, moment, changes=False)
        replace_common_terms(tx, terms, moment)

    graph.transaction(keep, write=True)
    return terms


def replace_common_terms(tx: Tx, terms: list[str], moment: datetime) -> None:
    """Keep `terms` as the common terms, and mark the claims already looked up that say a term which entered or left
    the set (`keep_common_terms`' step; the caller holds the write lock)."""
    kept_before = kept_terms(tx.rows)  # none kept (a new store, a schema install): nothing to compare
    tx.rows("suspect_common_terms_keep", {"terms": terms, "t": moment, "counted_over": COMMON_OVER})
    changed = sorted(set(terms) ^ set(kept_before)) if kept_before is not None else []
    if changed:
        tx.rows("suspects_mark_common", {"changed": changed})


def kept_terms(run: Runner) -> list[str] | None:
    """The kept common terms, or None when none are kept; `run` reads them in a graph (`Graph.read`) or a transaction
    (`Tx.rows`)."""
    rows = run("suspect_common_terms_kept", {})
    return list(rows[0]["terms"]) if rows and rows[0]["terms"] is not None else None


def lookup_terms(graph: Graph) -> tuple[list[str] | None, list[str]]:
    """(the kept common terms, None when none are kept; the common terms a lookup leaves out: those, else computed
    live)."""
    seen = kept_terms(graph.read)
    return seen, seen if seen is not None else live_common_terms(graph.read)


__all__ = ["COMMON_MIN_CLAIMS", "COMMON_OVER", "COMMON_SHARE", "common_terms", "keep_common_terms", "kept_terms",
           "live_common_terms", "lookup_terms", "replace_common_terms"]
