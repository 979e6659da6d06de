"""One batch of planned snapshots written in one transaction: observations, claims, edges, external references,
the snapshot chain and edge windows, and the stored statuses it makes stale forgotten (stored_status)."""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from provgraph.base.chunks import chunked
from provgraph.engine import stored_status
from provgraph.graph import fulltext
from provgraph.graph.connection import Graph, Tx
from provgraph.ingest.pipeline.snapshots import Planned
from provgraph.base.edges import EDGE_KINDS
from provgraph.base.mentions import changed, mentions, names
from provgraph.ingest.records import ClaimRecord, EdgeRecord, Notice, Quarantined

BATCH_OBSERVATIONS = 2000
BATCH_ENV = "PROVGRAPH_BATCH_OBSERVATIONS"  # override the batch size (tests, very large records)


@dataclass
class Load:
    """How an ingest's batches treat the graph. `first`: the graph holds no source of the store (`first_load`).
    `deferring`: a first load whose first batch found no claim in the graph, and no other transaction has taken the
    write lock between two of its batches since: the claims its batches wrote are then every claim there is, none has
    a stored value a batch could make wrong, and the marks `stored_status.invalidate` makes in each batch (and its
    search for what a batch affects: every claim) are made once after the last batch (`settle`)."""

    first: bool
    deferring: bool = True
    started: bool = False  # a batch is written
    deferred: list[str] = field(default_factory=list)  # the claims the batches so far wrote or touched

    @classmethod
    def of(cls, graph: Graph, store: str) -> "Load":
        first = first_load(graph, store)
        return cls(first=first, deferring=first)

    def settle(self, graph: Graph) -> list[str]:
        """The claims to store after the last batch (`store_pending`): those the deferred marks found."""
        claims, self.deferred = self.deferred, []
        return stored_status.settle_load(graph, claims) if self.deferring and claims else []


def _claim_row(claim: ClaimRecord, scope: str, rewritten: bool, title: str | None = None) -> dict[str, Any]:
    value = None if claim.value is None else str(claim.value)
    claim_scope = claim.scope if claim.scope is not None else scope
    own = names(claim.uid, claim.aliases)
    return {
        "uid": claim.uid,
        "aliases": [alias for alias in dict.fromkeys(claim.aliases) if alias and alias != claim.uid],
        "text": claim.text,
        "subject": claim.subject or None,
        "value": value,
        "scope": claim_scope,
        "asserted_at": claim.asserted_at,
        "valid_from": claim.valid_from,
        "valid_until": claim.valid_until,
        "declared": claim.declared,
        "line_start": claim.line_start,
        "line_end": claim.line_end,
        "quote_sha256": claim.quote_sha256,
        "status_line": claim.status_line,
        "rewritten": rewritten,
        "search": fulltext.search_fields(title, claim.subject, value, claim.text, claim_scope),
        "names": own,
        "mentions": sorted(set(claim.mentions) - set(own)) if claim.mentions is not None else mentions(claim.text, own),
        "changes": sorted(set(claim.changes) - set(own)) if claim.changes is not None else changed(claim.text, own),
    }


def write_batch(
    graph: Graph,
    batch: list[Planned],
    resolution: dict[str, str | None],
    external: set[str],
    store: str,
    store_kind: str,
    scope: str,
    observed_at: datetime,
    notices: list[Notice],
    load: Load | None = None,
) -> dict[str, Any]:
    observation_rows: list[dict[str, Any]] = []
    edge_rows: list[dict[str, Any]] = []
    merge_rows: list[dict[str, str]] = []
    reference_rows: list[dict[str, Any]] = []
    adopt_rows: list[dict[str, str]] = []
    sources: list[str] = []
    claims = 0
    for item in batch:
        observation = item.observation
        source = observation.source
        snapshot = observation.snapshot
        sources.append(source.uid)
        observation_rows.append({
            "source": {"uid": source.uid, "kind": source.kind, "locator": source.locator, "url": source.url,
                       "title": source.title, "container": source.container},
            "snapshot": {"uid": item.snapshot_uid, "sha256": snapshot.sha256, "revised_at": snapshot.revised_at,
                         "version": snapshot.version, "deleted": bool(snapshot.deleted), "path": source.locator,
                         "author": snapshot.author, "authored_at": snapshot.authored_at, "committer": snapshot.committer},
            "claims": [_claim_row(claim, scope, item.rewritten, source.title) for claim in observation.claims],
        })
        claims += len(observation.claims)
        for claim in observation.claims:
            merge_rows.extend({"alias": alias, "uid": claim.uid} for alias in claim.aliases if alias and alias != claim.uid)
            adopt_rows.extend({"ref": name, "uid": claim.uid} for name in (claim.uid, *claim.aliases) if name)
        for edge in observation.edges:
            row = _edge_row(edge, resolution, item.snapshot_uid, source.uid, snapshot.revised_at)
            if row is None:
                continue
            if edge.kind == "RELATES" and (edge.from_ref in external or edge.to_ref in external):
                reference = _reference_row(row, edge, external)
                if reference is not None:
                    reference_rows.append(reference)
                continue
            if edge.kind != "RELATES":  # may create a placeholder that an external reference names too
                adopt_rows.extend({"ref": uid, "uid": uid} for uid in (row["from"], row["to"]))
            if row["from"] == row["to"]:
                notices.append(Notice("self_reference", row["from"], f"{edge.kind} edge to itself ignored ({source.uid})"))
                continue
            edge_rows.append(row)
    unique_sources = sorted(set(sources))
    seeds = sorted({claim.uid for item in batch for claim in item.observation.claims}
                   | {row["from"] for row in edge_rows} | {row["to"] for row in edge_rows}
                   | {row["uid"] for row in merge_rows})

    snapshot_uids = [item.snapshot_uid for item in batch]

    deferring = load is not None and load.deferring

    def work(tx: Tx) -> tuple[bool, list[str]] | None:
        # one writer at a time, from the first statement: see provgraph/engine/stored_status.py
        again = stored_status.lock_again(tx, observed_at)
        # a concurrent ingest of the same input may have written this batch while we waited: as on re-ingest,
        # stored snapshots are not written again (and need no status pass)
        if tx.rows("ingest_stored_snapshots", {"uids": snapshot_uids})[0]["stored"] == len(snapshot_uids):
            return None
        # the load into an empty graph defers its marks while no other writer comes between its batches
        defer = deferring and (again if load is not None and load.started
                               else tx.rows("ingest_graph_empty")[0]["empty"])
        # the status pass finds what a source's snapshots cite only for a source held before this batch: every claim
        # a new source's snapshots cite is one of the seeds
        held = [] if defer else [row["source"] for row in tx.rows("ingest_sources_held", {"sources": unique_sources})]
        tx.run("ingest_observations", {"store": store, "store_kind": store_kind,
                                                     "observed_at": observed_at, "rows": observation_rows})
        if merge_rows:
            tx.run("ingest_merge_placeholders", {"rows": merge_rows})
        if edge_rows:
            tx.run("ingest_edges", {"rows": edge_rows})
        if reference_rows:
            tx.run("ingest_external_refs", {"rows": reference_rows})
        if adopt_rows:
            tx.run("ingest_adopt_external_refs", {"rows": adopt_rows})
        tx.run("ingest_chain", {"sources": unique_sources})
        tx.run("ingest_edge_windows", {"sources": unique_sources})
        if defer:
            return True, []
        # the claims earlier batches wrote first (deferred so far: another writer came, or the graph was not empty)
        earlier = [claim for chunk in chunked(load.deferred if deferring and load is not None else [],
                                              stored_status.CLAIMS_PER_CHUNK)
                   for claim in stored_status.invalidate(tx, chunk)]
        return False, earlier + stored_status.invalidate(tx, seeds, held)

    done = graph.transaction(work, write=True)
    if done is None:
        return {"written": False, "claims": 0, "edges": 0, "pending": []}
    deferred, pending = done
    if load is not None:
        load.started = True
        if deferred:
            load.deferred += seeds
        else:
            load.deferring, load.deferred = False, []
    return {"written": True, "claims": claims, "edges": len(edge_rows), "pending": pending,
            "free_text": any(claim["search"]["search_free_text"] for row in observation_rows for claim in row["claims"])}


def first_load(graph: Graph, store: str) -> bool:
    """Whether this ingest is the first load of `store`: the graph holds no source of it (a new store, or one a
    rebuild took out). Its log entries then have no stored bytes a rewrite could differ from and no stored entry can
    have vanished, so the pipeline asks the graph neither (docs/design.md "First load")."""
    return not graph.read("ingest_store_held", {"store": store})[0]["held"]


def batch_size() -> int:
    configured = os.environ.get(BATCH_ENV, "").strip()
    if configured.isdigit() and int(configured) > 0:
        return int(configured)
    return BATCH_OBSERVATIONS


def _edge_row(edge: EdgeRecord, resolution: dict[str, str | None], snapshot_uid: str, source_uid: str, revised_at: datetime) -> dict[str, Any] | None:
    if edge.kind not in EDGE_KINDS:  # the allow-list: nothing else ever becomes a relationship type
        return None
    if not edge.from_ref or not edge.to_ref:
        return None
    return {
        "kind": edge.kind,
        "from": resolution.get(edge.from_ref) or edge.from_ref,
        "to": resolution.get(edge.to_ref) or edge.to_ref,
        "verb": edge.verb,
        "scope": edge.scope,
        "asserted_at": edge.asserted_at or revised_at,
        "snapshot": snapshot_uid,
        "source": source_uid,
        "line": edge.line,
    }


def _reference_row(row: dict[str, Any], edge: EdgeRecord, external: set[str]) -> dict[str, Any] | None:
    """A lineage-only edge to something never ingested: kept as an ExternalRef, not a placeholder claim."""
    if edge.to_ref in external and edge.from_ref not in external:
        claim, target, inbound = row["from"], edge.to_ref, False
    elif edge.from_ref in external and edge.to_ref not in external:
        claim, target, inbound = row["to"], edge.from_ref, True
    else:
        return None  # neither end is a claim: nothing in the graph to hang it on
    return {"claim": claim, "target": target, "inbound": inbound, "verb": edge.verb or "relates",
            "scope": row["scope"], "asserted_at": row["asserted_at"], "snapshot": row["snapshot"], "source": row["source"]}


def write_quarantine(graph: Graph, store: str, quarantined: list[Quarantined], findings: list[dict[str, Any]], observed_at: datetime) -> None:
    if not quarantined and not findings:
        return
    q_rows = [
        {"uid": _digest(store, q.file, q.line, q.reason), "store": store, "file": q.file, "line": q.line, "reason": q.reason}
        for q in quarantined
    ]
    f_rows = [
        {"uid": _digest(store, f["kind"], f["subject"], f["detail"]), "store": store, **f}
        for f in findings
    ]
    params = {"quarantined": q_rows, "findings": f_rows, "observed_at": observed_at}
    graph.write("ingest_quarantine", params)


def _digest(*parts: object) -> str:
    return hashlib.sha256("\x1f".join(str(p) for p in parts).encode("utf-8", "replace")).hexdigest()[:32]


__all__ = ["BATCH_ENV", "BATCH_OBSERVATIONS", "Load", "batch_size", "first_load", "write_batch", "write_quarantine"]
