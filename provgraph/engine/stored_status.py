"""Write-time status: every write that can change a claim's status stores the new status on the claim.

The status of the default question (each claim's own scope, now) is computed by the full status
query (`cypher/status.cypher`) for every claim the write can affect (`cypher/status_affected.cypher`),
and stored on the claim with the earliest instant at which it may change without a write
(`cypher/status_expiry.cypher`; `cypher/status_store.cypher` writes both). An adjudication, its
revocation and the latest-wins pass do it in their own transaction (`write_with_status`). An ingest
batch marks stale the stored status of what it affects in its transaction (`invalidate`), and the ingest
stores them all again after its last batch (`store_pending`, computed outside the lock and stored
only if no graph-changing write came between), so the status query is planned once per ingest, not
once per batch. Reads of the default question (`provgraph.engine.status`) use a stored status from its
computation until that instant and take the full computation otherwise, so the answers are the
same either way; `stored_check.check()` proves it on a live store.

Every such write transaction first takes one write lock (`lock()`), so that the transactions
that change statuses, and the status passes inside them, run one after the other: a pass
always sees every earlier write committed and none half-done, and two writers never wait on
each other's claim locks in opposite orders (the 30-second lock waits of overlapping ingests).
The ingest's pass computes outside the lock and, holding it, stores only what no graph-changing
transaction (the lock counts them: its generation) may have made wrong. Reads never take it.
"""
from __future__ import annotations

from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime, timezone
from functools import partial
from typing import Any, Callable, Generator, Iterable, TypeVar

from provgraph.base.chunks import chunked
from provgraph.engine.account import add_account
from provgraph.engine.premise_order import premise_bands
from provgraph.engine.ranks import rerank
from provgraph.engine.rosters import recompute_stale_rosters, mark_rosters_stale
from provgraph.engine.status import REASONS
from provgraph.graph.connection import Graph, Runner, Tx

CLAIMS_PER_CHUNK = 2000  # claims per status query / store statement inside one pass
WORKERS = 2  # chunks `store_pending` computes at once outside the lock
# A claim whose status reads more claims than this through one kind of link (a long revision or premise chain,
# a subject thousands of claims share) is not stored: computing it for every claim such a write touches costs the
# square of the chain, so those claims are computed when read, as before write-time status (docs/design.md "Stored status (write time)")
DEEP = 200
# A claim more claims than this reach through revision edges keeps no revision closure (revision_closure_rows): verify walks
# it when read. Keeping it costs the square of a chain; verify's walk of a short one costs about a kept read.
CLOSURE_LIMIT = 64
# the reasons of rules 10-12, the last of REASONS (in rule order): only a status with one of them reads premises,
# rivals and explicit partners
_READS_PAST_RULE_9 = frozenset(tuple(REASONS)[tuple(REASONS).index("EXPLICIT_CONFLICT"):])
T = TypeVar("T")
U = TypeVar("U")


def now() -> datetime:
    return datetime.now(timezone.utc)


def lock(tx: Tx, t: datetime | None = None, *, changes: bool = True) -> int:
    """Take the write lock for the rest of this transaction (released at commit or rollback). `changes`: this
    transaction changes what statuses are computed from (False: it only stores statuses). Returns the generation:
    how many graph-changing transactions have taken the lock, this one included."""
    return int(tx.rows("write_lock", {"t": t or now(), "changes": changes})[0]["generation"])


def lock_again(tx: Tx, t: datetime) -> bool:
    """Take the write lock at `t` (a graph-changing transaction); whether the transaction that took it last took it
    at `t` too: an ingest's batches all take it at the ingest's instant, so no other transaction came between."""
    return bool(tx.rows("write_lock", {"t": t, "changes": True})[0]["again"])


def affected(tx: Tx, seeds: Iterable[str], sources: Iterable[str] = ()) -> tuple[list[str], list[str]]:
    """(claims to store, claims too deep to store): every claim whose default-question status the touched
    claims and sources can change. Re-ranks what they can change first (provgraph.engine.ranks)."""
    seeds, sources = sorted(set(seeds)), sorted(set(sources))
    if not seeds and not sources:
        return [], []
    rerank(tx, seeds, sources)  # first: which claims are too deep to store reads the ranks
    rows = tx.rows("status_affected", {"seeds": seeds, "sources": sources, "limit": DEEP})
    return _split(tx.rows, rows)


def _split(run: Runner, rows: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """(claims to store, claims too deep to store) of status_affected's or status_deep's rows."""
    deep = {row["claim"] for row in rows if row["deep"]}
    chained = [row["claim"] for row in rows if row["chained"] and not row["deep"]]
    if chained:  # a long chain of premises is stored bottom-up, unless it runs through a cycle no order can start
        deep |= set(chained) & premise_bands(run, [row["claim"] for row in rows if not row["deep"]])[1]
    return [row["claim"] for row in rows if row["claim"] not in deep], sorted(deep)




def _compute(run: Runner, claims: list[str], t: datetime) -> list[dict[str, Any]]:
    """The rows status_store takes for `claims` at `t`: the status query's, each with its expiry, edge scopes,
    account (since, because: provgraph.engine.account) and kept revision closure (cypher/revision_closure_rows.cypher).
    `run` reads each query's rows as one list (`collected`): four rows a claim, most of the pass's Python time."""
    # not cypher.kept_plan: a plan of the status query made on a small graph can scan where a large one needs seeks
    # (bench/HISTORY.md); an ingest plans it once, in `store_pending`, not after every batch
    rows = run("status", {"claims": claims, "q": None, "t": t, "subject": None, "only": None})
    if rows:
        settled = [row["claim"] for row in rows if row["reason"] not in _READS_PAST_RULE_9]
        extra = {row["claim"]: row for row in run("status_expiry",
                                                  {"claims": [row["claim"] for row in rows], "settled": settled, "t": t})}
        closures = {row["claim"]: row for row in run("revision_closure_rows",
                                                     {"claims": [row["claim"] for row in rows], "t": t,
                                                      "limit": CLOSURE_LIMIT})}
        for row in rows:
            row["expires"], row["edge_scopes"] = extra[row["claim"]]["expires"], extra[row["claim"]]["edge_scopes"]
            kept = closures[row["claim"]]
            row["closure"], row["closure_scope"] = kept["rows"], kept["scope"]
            row["closure_expires"], row["closure_edge_scopes"] = kept["expires"], kept["edge_scopes"]
        add_account(run, rows, t)
    return rows


def _store(tx: Tx, rows: list[dict[str, Any]], t: datetime) -> int:
    return int(tx.rows("status_store", {"rows": rows, "t": t})[0]["stored"]) if rows else 0


def recompute(tx: Tx, claims: Iterable[str], t: datetime | None = None) -> int:
    """Compute the default-question status of `claims` at `t` (default now) and store it; returns how many."""
    moment = t or now()
    wanted = sorted(set(claims))
    mark_statuses_stale(tx, wanted)  # first: rule 11 stops at a stored premise (rules/premise-kept), so none may be one it replaces
    recompute_stale_rosters(tx, moment)  # before any status: rule 10 reads a crowded subject's roster (engine/rosters.py)
    return sum(_store(tx, _compute(partial(tx.rows, collected=True), chunk, moment), moment)
               for band in premise_bands(tx.rows, wanted)[0] for chunk in chunked(band, CLAIMS_PER_CHUNK))


def recompute_after(tx: Tx, seeds: Iterable[str], sources: Iterable[str] = (),
                  t: datetime | None = None) -> int:
    """The write-time pass: recompute and store the status of every claim the write can affect (and mark stale the
    stored status of those too deep to store)."""
    shallow, deep = affected(tx, seeds, sources)
    mark_statuses_stale(tx, deep)
    _mark_closures_stale(tx, shallow + deep)
    mark_rosters_stale(tx, shallow + deep, DEEP)  # recompute computes them again first
    return recompute(tx, shallow, t)


def invalidate(tx: Tx, seeds: Iterable[str], sources: Iterable[str] = ()) -> list[str]:
    """The ingest batch's half of the pass: mark stale the stored status of every claim the write can affect, in the
    batch's own transaction, so no read ever takes a stored row the batch made wrong (reads compute those).
    Returns the claims to store again (`store_pending`, after the ingest's last batch); deep ones stay marked stale (computed when read)."""
    shallow, deep = affected(tx, seeds, sources)
    mark_statuses_stale(tx, shallow + deep)
    _mark_closures_stale(tx, shallow + deep)
    mark_rosters_stale(tx, shallow + deep, DEEP)  # store_pending computes them again first
    return shallow


def settle_load(graph: Graph, claims: Iterable[str]) -> list[str]:
    """The batches' half of the pass for a load into an empty graph, done once after its last batch (`invalidate` for
    every claim the load wrote, without the search: those are every claim there is, and every one is affected):
    ranks first, every chunk (which claims are too deep to store reads them), then deep or not (status_deep) and the
    marks, each chunk under the lock. Returns the claims to store (`store_pending`)."""
    chunks = list(chunked(sorted(set(claims)), CLAIMS_PER_CHUNK))

    def ranked(tx: Tx, chunk: list[str]) -> None:
        lock(tx)
        rerank(tx, chunk)

    for chunk in chunks:
        graph.transaction(lambda tx: ranked(tx, chunk), write=True)  # noqa: B023
    shallow, deep = _split(graph.read, [row for chunk in chunks
                                        for row in graph.read("status_deep", {"claims": chunk, "limit": DEEP})])

    def marked(tx: Tx, chunk: list[str]) -> None:
        lock(tx)
        mark_statuses_stale(tx, chunk)
        _mark_closures_stale(tx, chunk)
        mark_rosters_stale(tx, chunk, DEEP)  # store_pending computes them again first

    for chunk in chunked(shallow + deep, CLAIMS_PER_CHUNK):
        graph.transaction(lambda tx: marked(tx, chunk), write=True)  # noqa: B023
    return shallow


def mark_statuses_stale(tx: Tx, claims: list[str]) -> None:
    for chunk in chunked(claims, CLAIMS_PER_CHUNK):
        tx.run("status_mark_stale", {"claims": chunk})


def _mark_closures_stale(tx: Tx, claims: list[str]) -> None:
    """Mark stale the kept revision closure of every claim that `claims` reach through revision edges: what changes
    one of them can change the closure of every claim whose closure holds it (cypher/revision_closure_mark_stale.cypher)."""
    for chunk in chunked(claims, CLAIMS_PER_CHUNK):
        tx.run("revision_closure_mark_stale", {"claims": chunk})


def store_pending(graph: Graph, claims: Iterable[str]) -> int:
    """The ingest's other half: compute and store the status of `claims` (what `invalidate` returned for every
    batch), CLAIMS_PER_CHUNK claims per transaction. Returns how many were stored.

    The statuses are computed outside the lock, WORKERS chunks at a time (the server runs each query on one
    core, and this is most of an ingest's pass), and each chunk is stored under the lock only if no
    graph-changing transaction committed since the generation was read first; otherwise that chunk and every
    later one is computed again under the lock, as `refresh` does."""
    def rosters(tx: Tx) -> int:  # first: the statuses computed outside the lock read the rosters (engine/rosters.py)
        lock(tx, changes=False)
        return recompute_stale_rosters(tx, now())

    if graph.read("rival_roster_stale"):  # no lock otherwise: an unchanged re-ingest writes nothing
        graph.transaction(rosters, write=True)
    generation = current_generation(graph)
    # a band is stored before the next is computed: its claims' walks stop at the premises it stored
    bands = [list(chunked(band, CLAIMS_PER_CHUNK)) for band in premise_bands(graph.read, claims)[0]]
    stored = 0
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        for number, chunks in enumerate(bands):
            ahead = _ahead(pool, lambda chunk: compute(graph, chunk), chunks, WORKERS)
            for index, (chunk, computing) in enumerate(ahead):
                count, unchanged = store_computed(graph, chunk, computing.result(), generation)
                stored += count
                if not unchanged:
                    ahead.close()
                    for rest in chunks[index + 1:] + [chunk for later in bands[number + 1:] for chunk in later]:
                        stored += graph.transaction(lambda tx: recompute_locked(tx, rest), write=True)  # noqa: B023
                    return stored
    return stored


def current_generation(graph: Graph) -> int:
    """How many graph-changing transactions have taken the write lock so far (read without taking it)."""
    return int(graph.read("write_generation")[0]["generation"])


def compute(graph: Graph, claims: list[str]) -> tuple[datetime, list[dict[str, Any]]]:
    """(now, the rows status_store takes for `claims` now), in a read transaction outside the lock."""
    moment = now()
    return moment, _compute(partial(graph.read, collected=True), claims, moment)


def store_computed(graph: Graph, claims: list[str], computed: tuple[datetime, list[dict[str, Any]]],
                   generation: int) -> tuple[int, bool]:
    """Store what `compute` returned for `claims` if the generation is still `generation` once the lock is held;
    otherwise compute them again under the lock. Returns (how many stored, whether the generation was unchanged)."""
    moment, rows = computed

    def unit(tx: Tx) -> tuple[int, bool]:
        if lock(tx, changes=False) != generation:
            return recompute(tx, claims), False
        return _store(tx, rows, moment), True

    return graph.transaction(unit, write=True)


def _ahead(pool: ThreadPoolExecutor, work: Callable[[T], U], items: Iterable[T], depth: int) -> Generator[tuple[T, Future[U]], None, None]:
    """(item, future of work(item)) in order, with at most `depth` items being worked on ahead of the one yielded."""
    window: deque[tuple[T, Future[U]]] = deque()
    for item in items:
        window.append((item, pool.submit(work, item)))
        if len(window) > depth:
            yield window.popleft()
    while window:
        yield window.popleft()


def write_with_status(graph: Graph, work: Callable[[Tx], T],
                      seeds: Callable[[T], tuple[Iterable[str], Iterable[str]]]) -> T:
    """Run `work(tx)` under the write lock, then the status pass for what `seeds(result)` says it touched
    (claim uids, source uids), all in one retried write transaction (`Graph.transaction`: `work` must be
    idempotent). Returns work's result."""
    def unit(tx: Tx) -> T:
        lock(tx)
        result = work(tx)
        claims, sources = seeds(result)
        recompute_after(tx, claims, sources)
        return result

    return graph.transaction(unit, write=True)


# -- check: stored status against the full computation -------------------------------------------------------

def affected_by(graph: Graph, claims: list[str]) -> list[str]:
    """Every claim whose status `claims` can change (status_affected, read without the lock), deep ones included."""
    return [row["claim"] for row in graph.read("status_affected",
                                               {"seeds": claims, "sources": [], "limit": DEEP})]


def recompute_locked(tx: Tx, claims: list[str]) -> int:
    lock(tx, changes=False)
    return recompute(tx, claims)


__all__ = ["affected", "affected_by", "compute", "current_generation", "invalidate", "lock", "lock_again", "now",
           "recompute", "recompute_after", "settle_load", "store_computed", "store_pending", "write_with_status"]
