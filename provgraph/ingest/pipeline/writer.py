"""The one pipeline that writes what ingesters produce: hash, resolve, batch, write (`write`, the heart of every ingest).

Every batch of observations is written in ONE transaction together with its edges
and the snapshot-chain and edge-window upkeep for the sources it touches, so a
reader never sees half an observation and a crash loses at most whole batches
(which the next run writes, since their snapshots are then missing).
Re-ingesting unchanged input finds every snapshot already stored and writes nothing.
Each batch also marks stale the stored status of every claim it can affect, and the ingest
stores those again after its last batch (provgraph/engine/stored_status.py).
"""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from provgraph.base.chunks import chunked
from provgraph.engine import stored_status
from provgraph.engine.suspect_terms import keep_common_terms
from provgraph.engine.suspects import keep_pending
from provgraph.graph.connection import Graph, Tx
from provgraph.graph.schema import ensure_schema
from provgraph.ingest.formats.tally import proposed, unread_files
from provgraph.ingest.pipeline import kept
from provgraph.ingest.pipeline.batch import Load, batch_size, write_batch, write_quarantine
from provgraph.ingest.pipeline.rebuild import Reading, reread_reason, take_out
from provgraph.ingest.pipeline.rebuild import record as record_reading
from provgraph.ingest.pipeline.snapshots import (
    Planned,
    check_append_only,
    plan_snapshots,
    resolve,
    rewrite_finding,
    vanished_entries,
)
from provgraph.ingest.pipeline.stream import Records, group_key, read_batches, rereadable
from provgraph.ingest.pipeline.summary import IngestSummary
from provgraph.ingest.records import Notice, Observation, Quarantined
from provgraph.ingest.selection import FileSelection

POLICIES = ("latest-wins",)
Progress = Callable[[str, int, int | None], None]  # (phase, advance, total)


def write(
    graph: Graph,
    records: Records,
    *,
    store: str,
    store_kind: str,
    scope: str = "",
    policy: str | None = None,
    path: str = "",
    progress: Progress | None = None,
    reading: Reading | None = None,
    rebuild: bool = False,
    resume: kept.Resume | None = None,
) -> IngestSummary:
    """Write ingester records to the graph in batches; the heart of every ingest. With a `reading` (how the records
    were read), a store last read another way, or `rebuild`, is taken out first and written again from scratch.

    `records` is read twice (provgraph/ingest/pipeline/stream.py): a callable is called for each read, so an input read
    lazily is never held whole; once to check it whole and index its names (an unusable input raises InputError then,
    with nothing written), then again batch by batch, each batch planned, resolved against the index and the graph,
    and written with its quarantines and findings before the next is read. With `resume` (the input read from kept
    ends), files whose kept prefix is unchanged are read from there (provgraph/ingest/pipeline/kept.py)."""
    observed_at = datetime.now(timezone.utc)
    summary = IngestSummary(store=store, kind=store_kind, path=path)
    read, index = kept.first_pass(graph, store, rereadable(records), resume, reading, rebuild,
                                  (lambda: progress("read", 1, None)) if progress else None)
    summary.observations = index.observations + kept.kept_entries(index)
    summary.snapshots_unchanged = kept.kept_entries(index)
    summary.skipped = index.skipped
    summary.readings = kept.kept_readings(index) + list(index.readings)
    if store_kind in ("files", "git"):
        summary.proposal = proposed(Path(path) if path else None, store, index.stated)
        summary.readings += unread_files(FileSelection.from_options(reading.settings if reading else {}),
                                         Path(path) if path else None, index.unclaimed, index.claimed, summary.proposal)
        summary.words = index.words.read()
    ensure_schema(graph)  # a first ingest into a new database installs the schema (read input first: bad input writes nothing)
    retaken: list[str] = []  # claims whose stored status taking the store out forgot
    if reading is not None:
        why = reread_reason(graph, store, reading, rebuild)
        if why is not None:  # every record is read by now: unusable input never gets here
            kept.forget_ends(graph, store)
            retaken = take_out(graph, store)
            summary.readings.insert(0, why)
    load = Load.of(graph, store)  # a first load asks for no stored entry; into an empty graph it marks once (batch.py)

    if progress:
        progress("write", 0, index.observations)
    size = batch_size()
    written: set[int] = set()  # digests of the claims written, for a distinct count without holding their uids
    free_text = False  # whether a batch wrote a claim with free text (the common terms are counted over those only)
    pending: set[str] = set()  # claims whose stored status a batch forgot: stored again once every batch is in
    unresolved: set[str] = set()
    status_unresolved: set[str] = set()
    stored_first: dict[int, str | None] = {}  # entries the input holds more than once: their hash before this input
    templates: dict[str, Observation] = {}  # log file -> an entry of it read now (the vanished ones are cut from it)
    changed: dict[str, tuple[int, list[str]]] = {}  # log file -> entries changed or vanished, the first 20 locators

    def note_changed(container: str, locators: list[str]) -> None:
        count, first = changed.get(container, (0, []))
        changed[container] = (count + len(locators), sorted(first + locators)[:20])

    def write_planned(planned: list[Planned], notices: list[Notice]) -> None:
        nonlocal free_text
        resolution = resolve(graph, planned, index)
        status_refs = {ref for item in planned for edge in item.observation.edges if edge.kind != "RELATES"
                       for ref in (edge.from_ref, edge.to_ref)}
        missing = {ref for ref, uid in resolution.items() if uid is None}
        unresolved.update(missing)
        status_unresolved.update(missing & status_refs)
        external = missing - status_refs - status_unresolved
        for batch in chunked(planned, size):
            counts = write_batch(graph, batch, resolution, external, store, store_kind, scope, observed_at, notices,
                                 load)
            pending.update(counts["pending"])
            if counts["written"]:
                summary.snapshots_added += len(batch)
                summary.claim_versions_written += counts["claims"]
                written.update(hash(claim.uid) for item in batch for claim in item.observation.claims)
                free_text = free_text or counts["free_text"]
                summary.edges_written += counts["edges"]
            else:
                summary.snapshots_unchanged += len(batch)

    for part in read_batches(read(), size):
        planned, unchanged = plan_snapshots(graph, part.observations, observed_at)
        summary.snapshots_unchanged += unchanged
        planned, rewrites = (planned, {}) if load.first else check_append_only(graph, store, planned, observed_at, index,
                                                                          stored_first)
        for container, locators in rewrites.items():
            note_changed(container, locators)
        for observation in part.observations:  # unchanged ones too: a log cut short with nothing new lost entries
            if observation.append_only_group:
                templates.setdefault(group_key(observation), observation)
        notices = list(part.notices)
        write_planned(planned, notices)
        _record_quarantine(graph, summary, part.quarantined, notices, observed_at)
        if progress:
            progress("write", len(part.observations), index.observations)
    for container, template in ({} if load.first else templates).items():
        if container in index.resumed:
            continue  # its kept prefix is unchanged: no entry of it vanished
        gone = vanished_entries(graph, store, container, template, index, observed_at)
        if gone:
            note_changed(container, [item.observation.source.locator for item in gone])
            notices = []
            write_planned(gone, notices)
            _record_quarantine(graph, summary, [], notices, observed_at)
    summary.claims_written = len(written)
    summary.unresolved = sorted(status_unresolved)
    summary.external = sorted(unresolved - status_unresolved)
    # a graph written before external references existed holds lineage-only placeholders: turn them
    graph.write("ingest_lineage_placeholders")
    pending.update(load.settle(graph))  # a load into an empty graph: its batches' marks, made once
    stored_status.store_pending(graph, pending | set(retaken))
    if written or retaken:  # the terms that weigh nothing in a suspect pair: kept so a lookup never scans
        keep_common_terms(graph, free_text=free_text or bool(retaken))
    keep_pending(graph)  # the suspects of what this ingest wrote (and of any pass an earlier one left unfinished)
    if reading is not None:
        record_reading(graph, store, store_kind, reading)
        kept.keep_ends(graph, store, index)

    if policy == "latest-wins":
        def latest_wins(tx: Tx) -> dict[str, Any]:
            rows = tx.rows("ingest_latest_wins", {"store": store})
            return rows[0] if rows else {"adjudications": 0, "claims": []}

        row = stored_status.write_with_status(graph, latest_wins, lambda found: (found["claims"], ()))
        summary.adjudications = row["adjudications"]

    findings = [rewrite_finding(store, container, count, first) for container, (count, first) in changed.items()]
    write_quarantine(graph, store, [], findings, observed_at)
    summary.list_first(findings)
    return summary


def _record_quarantine(graph: Graph, summary: IngestSummary, quarantined: list[Quarantined], notices: list[Notice],
                       observed_at: datetime) -> None:
    """One batch's quarantines and findings written, counted, and listed in the summary."""
    findings = [{"kind": n.kind, "subject": n.subject, "detail": n.detail} for n in notices]
    write_quarantine(graph, summary.store, quarantined, findings, observed_at)
    summary.list_batch(quarantined, findings)
