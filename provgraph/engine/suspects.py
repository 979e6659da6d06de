"""Possible unlinked revisions: later claims that say the same thing as an earlier one, with no link between them.

Revision closure follows only links someone recorded. `suspects` finds the pairs nobody linked, for a
person to confirm (`provgraph adjudicate --keep LATER --retire EARLIER`) or dismiss
(`provgraph adjudicate --distinct EARLIER LATER`); it suggests, it never decides, and no status changes
until someone does. The similarity is Lucene's, in the database: one full-text lookup per claim in the
`claim_search` index (provgraph/graph/fulltext.py), ranked and filtered in `cypher/suspects.cypher`. A lookup
searches for the claim's words less the common terms (`common_terms`: text that recurs across many claims), so
every path that looks up (the live query, verify's, the write-time pass) must pass the same common terms
(provgraph/engine/suspect_terms.py).

The lookups run at write time (`keep_pending`, after every ingest): each claim the ingest wrote is looked up, and
so is each claim such a lookup finds (its own lookup may now find the new one); each lookup is kept on its claim,
and the pairs those claims are in are computed again from the kept lookups of both sides and kept as
`(later)-[:MAY_REVISE]->(earlier)`. Reads (`suspects`, the report, verify's advisory field) take the kept pairs
and decide at read time what can change without a new text: links, dismissals, retired claims, the ranking
(`cypher/suspects_kept.cypher`). A kept pair is as found when written: Lucene's scores depend on the whole
corpus, so the same pair scored again today can differ; `refresh` looks every claim up again, after which the
kept pairs are exactly the live computation's.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from typing import Any, Iterable

from provgraph.base.errors import UsageError
from provgraph.base.times import parse_moment, to_iso
from provgraph.engine.suspect_terms import common_terms, kept_terms, live_common_terms, lookup_terms
from provgraph.graph.connection import Graph, Runner, Tx

# Which candidates are suspects: docs/design.md "Suspects" (measured with `python -m bench.suspects.generated`, bench/README.md)
HITS = 10  # candidates one lookup returns
FLOOR = 0.4  # the least similarity of a best candidate that stands clear
MARGIN = 0.5  # it stands clear when the next candidate's similarity is at most this share of its own
CLEAR_TERMS = 4  # ... and the two share at least this many terms that are not common
LEAST = FLOOR * MARGIN  # a candidate less alike is no suspect and stands in the way of none: kept pairs start here
MIN_SCORE = 0.53  # a candidate this alike is a suspect whatever its rank (`--min-score X`: the only test, at X)
CLOSE = 0.9  # ... when its similarity is at least this share of the earlier claim's best candidate's
MIN_TERMS = 2  # least number of shared terms
PER_CLAIM = 3  # at most this many suspects per earlier claim


@dataclass(frozen=True)
class Suspect:
    """One possible unlinked revision: `later` may revise `earlier`."""

    earlier: str
    later: str
    score: float  # 0..1 (about): how much of what `earlier` says `later` says too
    rank: int  # 1 = the best suspect for `earlier`
    terms: tuple[str, ...]  # the normalised words both say
    earlier_scope: str
    later_scope: str
    earlier_subject: str | None
    later_subject: str | None
    earlier_at: str | None
    later_at: str | None
    earlier_title: str | None
    later_title: str | None
    # how the later record's text names the earlier one (cypher/rules/suspect-judge.cypher): 'changes' (in a sentence
    # that says it takes its place), 'mentions', or None
    named: str | None = None

    @property
    def key(self) -> str:
        """`earlier -> later`: how a report remembers the pair from one run to the next."""
        return f"{self.earlier} -> {self.later}"

    def confirm_command(self) -> str:
        import shlex

        return f"provgraph adjudicate --keep {shlex.quote(self.later)} --retire {shlex.quote(self.earlier)}"

    def dismiss_command(self) -> str:
        import shlex

        return f"provgraph adjudicate --distinct {shlex.quote(self.earlier)} {shlex.quote(self.later)} --why '...'"

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["terms"] = list(self.terms)
        return out


def _suspect(row: dict[str, Any]) -> Suspect:
    return Suspect(
        earlier=row["earlier"], later=row["later"], score=round(float(row["score"]), 4), rank=int(row["rank"]),
        terms=tuple(row["terms"] or ()), earlier_scope=row["earlier_scope"] or "", later_scope=row["later_scope"] or "",
        earlier_subject=row["earlier_subject"], later_subject=row["later_subject"],
        earlier_at=to_iso(row["earlier_at"]) if row["earlier_at"] is not None else None,
        later_at=to_iso(row["later_at"]) if row["later_at"] is not None else None,
        earlier_title=_one_line(row["earlier_title"]), later_title=_one_line(row["later_title"]),
        named=row.get("named"),
    )


def _one_line(text: str | None, width: int = 80) -> str | None:
    if not text:
        return None
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def params(
    claims: Iterable[str] | None = None,
    *,
    since: datetime | str | int | None = None,
    scope: str | None = None,
    store: str | None = None,
    at: datetime | None = None,
    hits: int = HITS,
    min_score: float | None = None,
    min_terms: int = MIN_TERMS,
    per_claim: int = PER_CLAIM,
    common: Iterable[str] = (),
    names: bool = True,
) -> dict[str, Any]:
    """The parameters of `cypher/suspects.cypher` (exposed so the bench runs exactly the same query); `common`:
    the terms that weigh nothing (`common_terms`); `min_score`: None for the rank-and-margin rule, a number for an
    absolute threshold instead (every candidate at least this alike and within CLOSE of the best)."""
    if per_claim < 1 or hits < 1:
        raise UsageError("--per-claim and the lookup size must be at least 1")
    if min_score is not None and not 0.0 <= min_score <= 1.0:
        raise UsageError(f"--min-score must be between 0 and 1, got {min_score}")
    try:
        since_at = parse_moment(since, "--since", missing="none")
    except UsageError:
        raise UsageError(f"--since: not a time: {since!r} (use ISO 8601 or epoch milliseconds)") from None
    scope_text = scope.strip().strip("/") if scope is not None else None
    return {
        "claims": None if claims is None else list(claims),
        "t": at or datetime.now(timezone.utc),
        "hits": max(hits, per_claim + 1),
        "least": LEAST if min_score is None else float(min_score),
        "min_score": MIN_SCORE if min_score is None else float(min_score),
        "floor": FLOOR if min_score is None else None, "margin": MARGIN, "clear_terms": CLEAR_TERMS,
        "close": CLOSE,
        "min_terms": int(min_terms),
        "per_claim": int(per_claim),
        "names": bool(names),
        "since": since_at,
        "scope": scope_text or None,
        "store": store or None,
        "common": sorted(set(common)),
        "touching": None,
    }


KEPT_SINCE_SCHEMA = 3  # the schema version from which a write keeps suspects (graph/schema.py SCHEMA_VERSION)
PASS_CHUNK = 500  # claims per transaction of the write-time pass


def _stale(run: Runner) -> tuple[int, bool]:
    """(how many claims the write-time pass owes a step, whether the store's schema is one whose writes keep suspects)."""
    row = run("suspects_stale", {})[0]
    return int(row["owed"]), _keeps(row["schema"])


def _keeps(schema: Any) -> bool:
    """Whether a store of this recorded schema version is one whose writes keep suspects."""
    return schema is not None and int(schema) >= KEPT_SINCE_SCHEMA


def kept_complete(run: Runner) -> bool:
    """Whether the kept pairs answer for the whole store: the write-time pass owes nothing, and the store's schema
    is one whose writes keep suspects."""
    owed, keeps = _stale(run)
    return owed == 0 and keeps


def kept_answers(owed: Any, schema: Any) -> bool:
    """`kept_complete` from what a query read of it: how many claims the pass owes a step, the schema version."""
    return int(owed) == 0 and _keeps(schema)


def keep_pending(graph: Graph, t: datetime | None = None) -> int:
    """The write-time suspects pass: look up every claim written since the last pass (SuspectsPending) and every
    claim those lookups found, keep each lookup, then compute again the kept pairs of every claim looked up.
    Each step takes the write lock and a chunk of claims; a pass cut short leaves the rest marked for the next
    one, and reads compute live until then. Returns how many pairs the recomputed claims now have."""
    from provgraph.engine.stored_status import lock

    moment = t or datetime.now(timezone.utc)
    hits = max(HITS, PER_CLAIM + 1)
    seen, common = lookup_terms(graph)
    kept = 0
    for label in ("SuspectsPending", "SuspectsRelook", "SuspectsPairs"):
        while owing := [row["uid"] for row in graph.read("suspects_marked",
                                                         {"label": label, "limit": PASS_CHUNK})]:
            if label == "SuspectsPairs":
                query, values = "suspect_pairs_keep", {"claims": owing, "least": LEAST, "min_terms": MIN_TERMS}
            else:  # looked up in a read of its own: see cypher/suspect_lookups.cypher
                found = graph.read("suspect_lookups", {"claims": owing, "hits": hits, "common": common})
                query, values = "suspect_lookups_keep", {"rows": found, "relook": label == "SuspectsPending",
                                                         "common": common, "min_terms": MIN_TERMS}

            def step(tx: Tx, query: str = query, values: dict[str, Any] = values,
                     checks: bool = label != "SuspectsPairs", seen: list[str] | None = seen) -> list[dict[str, Any]] | None:
                lock(tx, moment, changes=False)
                if checks and kept_terms(tx.rows) != seen:
                    return None  # another ingest kept other common terms since these lookups ran: look up again
                return tx.rows(query, {**values, "t": moment})

            rows = graph.transaction(step, write=True)
            if rows is None:
                seen, common = lookup_terms(graph)
                continue
            kept += int(rows[0].get("kept", 0)) if rows and label == "SuspectsPairs" else 0
    return kept


def refresh(graph: Graph) -> int:
    """Look every claim up again and compute every kept pair again, against the store as it is now (`suspects
    --refresh`): afterwards the kept pairs are exactly what the live computation finds. Returns the pairs kept."""
    from provgraph.graph.schema import ensure_schema, mark_unkept_suspects

    ensure_schema(graph)
    mark_unkept_suspects(graph, every=True)
    return keep_pending(graph)


def suspects(
    graph: Graph,
    *,
    since: datetime | str | int | None = None,
    scope: str | None = None,
    store: str | None = None,
    claims: Iterable[str] | None = None,
    min_score: float | None = None,
    per_claim: int = PER_CLAIM,
    names: bool = True,
) -> list[Suspect]:
    """Possible unlinked revisions, best first (see cypher/suspects.cypher for every condition).

    `since`: only pairs whose later claim is at least this recent; `scope`: only pairs both of whose scopes
    overlap it; `store`: only pairs with a claim from that store; `claims`: only pairs whose earlier claim is one
    of these (computed live: looked up from these claims only). Pairs dismissed with `adjudicate --distinct` or
    linked in any way never appear. `min_score`: None for the rank-and-margin rule, a number for an absolute threshold
    (`params`); `names=False` leaves out the suspects only the later record's naming the earlier one makes (what the
    bench measures the rule against). Read from the kept pairs (`keep_pending`) when they are complete and `min_score` is None or at least
    LEAST, else computed live.
    """
    run = graph.read
    settings = params(claims, since=since, scope=scope, store=store, min_score=min_score, per_claim=per_claim,
                      common=common_terms(run), names=names)
    kept = (min_score is None or min_score >= LEAST) and kept_complete(run)
    return [_suspect(row) for row in (run("suspects_kept", _without(settings, "hits")) if kept else run("suspects", settings))]


def live(graph: Graph, **options: Any) -> list[Suspect]:
    """The suspects computed now with a lookup per claim, as `suspects` lists them when nothing is kept (`check`
    compares the kept pairs with these)."""
    run = graph.read
    return [_suspect(row) for row in run("suspects", params(None, common=common_terms(run), **options))]


def kept_not_found_now(graph: Graph, *, compare: bool = True) -> tuple[list[str] | None, int]:
    """(the kept pairs, as `earlier -> later`, that the live computation would no longer list; how many claims the
    write-time pass still owes a step): what `provgraph check` reports as information. While anything is owed,
    reads are live and no pair is compared. `compare=False` skips the live computation (one full-text lookup per
    claim, minutes at 100,000 claims) and gives None for the pairs."""
    owed, keeps = _stale(graph.read)
    if not compare:
        return None, owed
    if owed or not keeps:
        return [], owed
    kept = {s.key for s in suspects(graph)}
    return sorted(kept - {s.key for s in live(graph)}), 0


def touching(graph: Graph | Runner, claims: Iterable[str], *, as_earlier: bool = False) -> list[Suspect]:
    """The suspects (as `suspects` lists them) that have one of `claims` on either side (`as_earlier`: as the earlier
    claim), best first.

    `graph` is a Graph or a runner `(query name, params) -> rows` (verify passes its read transaction's).
    When the kept pairs answer for the whole store, that is one query (`cypher/suspects_touching.cypher`); else the
    pairs are looked up live. A pair is scored from the lookups of both its claims, so the claims a lookup from `claims` finds are
    looked up too (`cypher/suspect_neighbours.cypher`)."""
    wanted = sorted(set(claims))
    if not wanted:
        return []
    run: Runner = graph.read if isinstance(graph, Graph) else graph
    # one read when the kept pairs answer (what kept_complete and common_terms read, and suspects_kept's pairs)
    settings = params(wanted)
    rows = run("suspects_touching", {**_without(settings, "claims", "common", "hits"), "touching": wanted,
                                     "as_earlier": as_earlier, "kept_since": KEPT_SINCE_SCHEMA})
    state = rows[0]
    kept = int(state["owed"]) == 0 and _keeps(state["schema"])
    if kept and state["common"] is not None:
        return [_suspect(row) for row in rows if row["earlier"] is not None]
    settings = params(wanted, common=state["common"] if state["common"] is not None else live_common_terms(run))
    chosen = set(wanted)
    if kept:
        found = run("suspects_kept", {**_without(settings, "hits"), "claims": None, "touching": wanted})
    else:
        neighbours = run("suspect_neighbours", {"claims": wanted, "hits": settings["hits"], "common": settings["common"]})
        looked_up = sorted(chosen | {row["uid"] for row in neighbours})
        found = run("suspects", {**settings, "claims": looked_up})
    return [_suspect(row) for row in found if row["earlier"] in chosen or (row["later"] in chosen and not as_earlier)]


def _without(settings: dict[str, Any], *names: str) -> dict[str, Any]:
    """`settings` less the parameters a query does not take (the Graph refuses those its header does not declare)."""
    return {name: value for name, value in settings.items() if name not in names}


__all__ = ["Suspect", "keep_pending", "kept_answers", "kept_complete", "kept_not_found_now", "live", "params", "refresh", "suspects", "touching",
           "CLEAR_TERMS", "FLOOR", "HITS", "LEAST", "MARGIN", "MIN_SCORE", "MIN_TERMS", "PER_CLAIM"]
