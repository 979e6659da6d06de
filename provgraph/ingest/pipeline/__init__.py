"""The one pipeline that writes what ingesters produce: hash, resolve, batch, write.

Every batch of observations is written in ONE transaction together with its edges
and the snapshot-chain and edge-window upkeep for the sources it touches, so a
reader never sees half an observation and a crash loses at most whole batches
(which the next run writes, since their snapshots are then missing).
Re-ingesting unchanged input finds every snapshot already stored and writes nothing.
Each batch also marks stale the stored status of every claim it can affect, and the ingest
stores those again after its last batch (provgraph/engine/stored_status.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, ContextManager, Iterable, Iterator, Sequence

from provgraph.base.chunks import chunked
from provgraph.base.errors import InputError
from provgraph.base.text import counted
from provgraph.engine import stored_status
from provgraph.engine.suspect_terms import keep_common_terms
from provgraph.engine.suspects import keep_pending
from provgraph.graph.connection import Graph, Tx
from provgraph.graph.schema import ensure_schema
from provgraph.ingest import get as get_ingester
from provgraph.ingest.config import StoreConfig
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
from provgraph.ingest.records import IngestOptions, Notice, Observation, Quarantined, Record
from provgraph.ingest.kept import KEPT_ENDS
from provgraph.ingest.selection import FileSelection
from provgraph.ingest.word_readings import WordReadings

STORE_KINDS = ("files", "git", "tickets", "logs", "cards")
POLICIES = ("latest-wins",)
LISTED = 1000  # quarantines (and findings) an ingest summary lists; the graph holds them all, the summary counts them
Progress = Callable[[str, int, int | None], None]  # (phase, advance, total)


@dataclass
class IngestSummary:
    store: str
    kind: str
    path: str
    observations: int = 0
    snapshots_added: int = 0
    snapshots_unchanged: int = 0
    claims_written: int = 0  # distinct claims
    claim_versions_written: int = 0  # (claim, snapshot) citations: one claim in 5 commits is 5 versions
    edges_written: int = 0
    unresolved: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)  # lineage-only targets never ingested (ExternalRef)
    skipped: dict[str, int] = field(default_factory=dict)  # reason -> files left out (templates, index pages)
    quarantined: list[dict[str, Any]] = field(default_factory=list)  # the first LISTED of quarantined_count
    findings: list[dict[str, Any]] = field(default_factory=list)  # the first LISTED of findings_count
    quarantined_count: int = 0
    findings_count: int = 0
    adjudications: int = 0
    readings: list[str] = field(default_factory=list)  # how this ingest read the store (an inferred date order, ...)
    words: WordReadings | None = None  # files: the status words met and how each was read (ingest/word_readings.py)
    proposal: dict[str, Any] | None = None  # files: the declaration proposed when no record was read (never applied)

    def text_lines(self) -> list[str]:
        """The summary as `ingest` prints it: one line, then what needs a look (bounded lists)."""
        versions = (f" ({counted(self.claim_versions_written, 'version')})"
                    if self.claim_versions_written != self.claims_written else "")
        lines = [
            f"{self.store} ({self.kind}): {counted(self.observations, 'snapshot')} read, {self.snapshots_added} added, "
            f"{self.snapshots_unchanged} unchanged; {counted(self.claims_written, 'claim')}{versions} and "
            f"{counted(self.edges_written, 'edge')} written; "
            f"{len(self.unresolved)} unresolved, {len(self.external)} external, {self.quarantined_count} quarantined"
            + (f", {counted(self.adjudications, 'policy adjudication')}" if self.adjudications else "")
        ]
        if self.skipped:
            reasons = ", ".join(f"{count} {reason}" for reason, count in sorted(self.skipped.items()))
            lines.append(f"  skipped     {sum(self.skipped.values())} file(s) that are not decisions: {reasons}"
                         " (read them with --include GLOB)")
        lines += [f"  reading     {reading}" for reading in self.readings]
        lines += self.words.lines() if self.words else []
        lines += [f"    {line}".rstrip() for line in (self.proposal or {}).get("toml", "").splitlines()]
        lines += [f"  unresolved  {ref}  (kept as a placeholder: UNKNOWN/UNBOUND)" for ref in self.unresolved[:20]]
        lines += [f"  external    {ref}  (a lineage link to something not ingested: an external reference)"
                  for ref in self.external[:20]]
        lines += [f"  quarantined {q['file']}:{q['line'] if q['line'] is not None else '-'}  {q['reason']}"
                  for q in self.quarantined[:50]]
        lines += [f"  {f['kind']:<11} {f['subject']}  {f['detail']}" for f in self.findings[:50]]
        return lines

    def to_dict(self) -> dict[str, Any]:
        return {
            "store": self.store,
            "kind": self.kind,
            "path": self.path,
            "observations": self.observations,
            "snapshots_added": self.snapshots_added,
            "snapshots_unchanged": self.snapshots_unchanged,
            "claims_written": self.claims_written,
            "claim_versions_written": self.claim_versions_written,
            "edges_written": self.edges_written,
            "unresolved": sorted(self.unresolved),
            "external": sorted(self.external),
            "skipped": dict(sorted(self.skipped.items())),
            "quarantined": self.quarantined,
            "quarantined_count": self.quarantined_count,
            "findings": self.findings,
            "findings_count": self.findings_count,
            "adjudications": self.adjudications,
            "readings": self.readings,
            **(self.words.as_dict() if self.words else {}),
            "proposal": self.proposal,
        }

    def to_json(self) -> str:
        """What `ingest ... --output json` prints for one store."""
        import json

        return json.dumps(self.to_dict(), indent=2, sort_keys=True, default=str)


def default_store_name(path: Path) -> str:
    """A store named after its path: the folder name, or the file name without suffix."""
    resolved = path.resolve()
    base = resolved.name if resolved.is_dir() else resolved.stem
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", base).strip("-")
    return name or "store"


def ingest(
    graph: Graph,
    kind: str,
    path: Path,
    *,
    fmt: str = "default",
    store: str | None = None,
    scope: str = "",
    policy: str | None = None,
    options: dict[str, Any] | None = None,
    progress: Progress | None = None,
    rebuild: bool = False,
) -> IngestSummary:
    """Read `path` with the (kind, fmt) ingester and write the result. Returns what changed.

    `rebuild` reads the store from scratch (its sources, snapshots and recorded edges out first; claims and
    adjudications stay); so does a reading unlike the store's last one (provgraph/ingest/pipeline/rebuild.py)."""
    source = open_store(kind, path, fmt=fmt, store=store, scope=scope, options=options)
    return source.write(graph, policy=policy, progress=progress, rebuild=rebuild)


@dataclass
class StoreInput:
    """One store's input, opened but not written: `read` starts the ingester afresh (lazy output), as often as asked."""

    store: str
    store_kind: str
    scope: str
    path: Path
    read: Callable[[], Iterable[Record]]
    reading: Reading | None = None
    resume: kept.Resume | None = None  # the input read from kept ends (provgraph/ingest/kept.py)

    @property
    def records(self) -> Iterable[Record]:
        """One read of the input."""
        return self.read()

    def write(self, graph: Graph, *, policy: str | None = None, progress: Progress | None = None,
              rebuild: bool = False) -> IngestSummary:
        return write(graph, self.read, store=self.store, store_kind=self.store_kind, scope=self.scope,
                     policy=policy, path=str(self.path), progress=progress, reading=self.reading, rebuild=rebuild,
                     resume=self.resume)


def read_every_store(config_path: Path, stores: Sequence[StoreConfig], graph: Graph | None = None) -> list[StoreInput]:
    """Every store of an `ingest --config` file checked before any is written, then opened again to be streamed.

    The check reads each store's input through once and keeps nothing (existence, format, readability: whatever
    makes an ingester raise InputError), so one unusable input names its store and path and nothing is written,
    while memory holds one store's input at a time, not every store's records. The inputs returned are lazy: each
    store is read again as it is written, one store after the other. With the `graph`, a file whose kept prefix is
    unchanged is checked from its kept end (provgraph/ingest/pipeline/kept.py): the prefix passed when it was read.
    """
    inputs = []
    for number, store in enumerate(stores, 1):
        try:
            source = _open(store)
            for _ in kept.check_read(graph, source.store, source.read, source.resume, source.reading):
                pass
        except InputError as error:
            raise InputError(error.path, f"{error.reason} (store {_name(store, number)} in {config_path}; "
                                         "nothing was written)") from None
        inputs.append(_open(store))
    return inputs


def write_every_store(graph: Graph, config_path: Path, stores: Sequence[StoreConfig], inputs: Sequence[StoreInput],
                      progress: Callable[[], ContextManager[Progress]] | None = None,
                      ) -> Iterator[tuple[StoreInput, IngestSummary]]:
    """The checked inputs of `read_every_store` written one store at a time, each (input, summary) yielded once it is
    written. `progress`, if given, is called once per store and returns a context manager yielding its callback. An
    input that became unusable since the check (changed on disk meanwhile) stops the run with the stores before it
    written, and says so."""
    written: list[str] = []
    for number, (store, source) in enumerate(zip(stores, inputs, strict=True), 1):
        try:
            if progress is None:
                summary = source.write(graph, policy=store.policy)
            else:
                with progress() as advance:
                    summary = source.write(graph, policy=store.policy, progress=advance)
        except InputError as error:
            raise InputError(error.path, f"{error.reason} (store {_name(store, number)} in {config_path} changed since "
                                         f"it was checked; stores written: {', '.join(written) or 'none'})") from None
        written.append(summary.store)
        yield source, summary


def _open(store: StoreConfig) -> StoreInput:
    return open_store(store.kind, store.path, fmt=store.fmt, store=store.name, scope=store.scope, options=store.options)


def _name(store: StoreConfig, number: int) -> str:
    return store.name or f"#{number}"


def open_store(kind: str, path: Path, *, fmt: str = "default", store: str | None = None, scope: str = "",
               options: dict[str, Any] | None = None) -> StoreInput:
    """The (kind, fmt) ingester set on `path`; nothing is read until the records are iterated."""
    ingester = get_ingester(kind, fmt)
    store_name = store or default_store_name(path)
    opts = IngestOptions(store=store_name, scope=scope or "", path=str(path), options=dict(options or {}))
    store_kind = "git" if kind == "files" and fmt == "git" else kind
    return StoreInput(store=store_name, store_kind=store_kind, scope=scope or "", path=Path(path),
                      read=lambda: ingester(path, opts), reading=Reading.of(store_kind, fmt, scope, opts.options),
                      resume=lambda ends: ingester(path, replace(opts, options={**opts.options, KEPT_ENDS: ends})))


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
    summary.findings_count += len(findings)
    summary.findings = findings + summary.findings
    del summary.findings[LISTED:]
    return summary


def _record_quarantine(graph: Graph, summary: IngestSummary, quarantined: list[Quarantined], notices: list[Notice],
                       observed_at: datetime) -> None:
    """One batch's quarantines and findings written, counted, and listed in the summary up to LISTED of each."""
    findings = [{"kind": n.kind, "subject": n.subject, "detail": n.detail} for n in notices]
    write_quarantine(graph, summary.store, quarantined, findings, observed_at)
    summary.quarantined_count += len(quarantined)
    summary.findings_count += len(findings)
    room = LISTED - len(summary.quarantined)
    summary.quarantined += [{"file": q.file, "line": q.line, "reason": q.reason} for q in quarantined[:max(room, 0)]]
    summary.findings += findings[:max(LISTED - len(summary.findings), 0)]
