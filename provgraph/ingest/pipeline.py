"""The one pipeline that writes what ingesters produce: hash, resolve, batch, write.

Every batch of observations is written in ONE transaction together with its edges
and the snapshot-chain and edge-window upkeep for the sources it touches, so a
reader never sees half an observation and a crash loses at most whole batches
(which the next run writes, since their snapshots are then missing).
Re-ingesting unchanged input finds every snapshot already stored and writes nothing.
Each batch also forgets the stored status of every claim it can affect, and the ingest
stores those again after its last batch (provgraph/engine/stored_status.py).
"""
from __future__ import annotations

import hashlib
import os
import re
from collections import defaultdict
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from provgraph import cypher
from provgraph.base.chunks import chunked
from provgraph.base.errors import InputError
from provgraph.base.times import to_iso
from provgraph.base.values import epoch_us
from provgraph.engine import stored_status as writetime
from provgraph.graph import fulltext
from provgraph.graph.connection import Graph, Tx
from provgraph.ingest import get as get_ingester
from provgraph.ingest.config import StoreConfig
from provgraph.ingest.records import (
    EDGE_KINDS,
    ClaimRecord,
    EdgeRecord,
    IngestOptions,
    Notice,
    Observation,
    Quarantined,
    Record,
    Skipped,
    sha256_hex,
)

BATCH_OBSERVATIONS = 2000
BATCH_ENV = "PROVGRAPH_BATCH_OBSERVATIONS"  # override the batch size (tests, very large records)
STORE_KINDS = ("files", "git", "tickets", "logs", "cards")
POLICIES = ("latest-wins",)
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
    quarantined: list[dict[str, Any]] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)
    adjudications: int = 0

    def text_lines(self) -> list[str]:
        """The summary as `ingest` prints it: one line, then what needs a look (bounded lists)."""
        versions = f" ({self.claim_versions_written} versions)" if self.claim_versions_written != self.claims_written else ""
        lines = [
            f"{self.store} ({self.kind}): {self.observations} snapshots read, {self.snapshots_added} added, "
            f"{self.snapshots_unchanged} unchanged; {self.claims_written} claims{versions} and {self.edges_written} edges written; "
            f"{len(self.unresolved)} unresolved, {len(self.external)} external, {len(self.quarantined)} quarantined"
            + (f", {self.adjudications} policy adjudications" if self.adjudications else "")
        ]
        if self.skipped:
            reasons = ", ".join(f"{count} {reason}" for reason, count in sorted(self.skipped.items()))
            lines.append(f"  skipped     {sum(self.skipped.values())} file(s) that are not decisions: {reasons}"
                         " (read them with --include GLOB)")
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
            "findings": self.findings,
            "adjudications": self.adjudications,
        }


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
) -> IngestSummary:
    """Read `path` with the (kind, fmt) ingester and write the result. Returns what changed."""
    source = open_store(kind, path, fmt=fmt, store=store, scope=scope, options=options)
    return source.write(graph, policy=policy, progress=progress)


@dataclass
class StoreInput:
    """One store's input, opened but not written: `records` is the ingester's (lazy) output."""

    store: str
    store_kind: str
    scope: str
    path: Path
    records: Iterable[Record]

    def read_all(self) -> "StoreInput":
        """Read every record now, so input that is unusable as a whole fails before anything is written."""
        self.records = list(self.records)
        return self

    def write(self, graph: Graph, *, policy: str | None = None, progress: Progress | None = None) -> IngestSummary:
        return write(graph, self.records, store=self.store, store_kind=self.store_kind, scope=self.scope,
                     policy=policy, path=str(self.path), progress=progress)


def read_every_store(config_path: Path, stores: Sequence[StoreConfig]) -> list[StoreInput]:
    """Every store of an `ingest --config` file read in full before any is written: one unusable input
    raises InputError naming the store and its path, and nothing is written."""
    inputs = []
    for number, store in enumerate(stores, 1):
        try:
            inputs.append(open_store(store.kind, store.path, fmt=store.fmt, store=store.name, scope=store.scope,
                                     options=store.options).read_all())
        except InputError as error:
            raise InputError(error.path, f"{error.reason} (store {store.name or f'#{number}'} in {config_path}; "
                                         "nothing was written)") from None
    return inputs


def open_store(kind: str, path: Path, *, fmt: str = "default", store: str | None = None, scope: str = "",
               options: dict[str, Any] | None = None) -> StoreInput:
    """The (kind, fmt) ingester set on `path`; nothing is read until the records are iterated."""
    ingester = get_ingester(kind, fmt)
    store_name = store or default_store_name(path)
    opts = IngestOptions(store=store_name, scope=scope or "", path=str(path), options=dict(options or {}))
    store_kind = "git" if kind == "files" and fmt == "git" else kind
    return StoreInput(store=store_name, store_kind=store_kind, scope=scope or "", path=Path(path),
                      records=ingester(path, opts))


def write(
    graph: Graph,
    records: Iterable[Record],
    *,
    store: str,
    store_kind: str,
    scope: str = "",
    policy: str | None = None,
    path: str = "",
    progress: Progress | None = None,
) -> IngestSummary:
    """Write ingester records to the graph in batches; the heart of every ingest."""
    observed_at = datetime.now(timezone.utc)
    summary = IngestSummary(store=store, kind=store_kind, path=path)
    observations: list[Observation] = []
    quarantined: list[Quarantined] = []
    notices: list[Notice] = []
    skipped: dict[str, int] = defaultdict(int)
    for record in records:  # an InputError raised here leaves the graph untouched
        if isinstance(record, Observation):
            observations.append(record)
        elif isinstance(record, Quarantined):
            quarantined.append(record)
        elif isinstance(record, Notice):
            notices.append(record)
        elif isinstance(record, Skipped):
            skipped[record.reason] += 1
        if progress:
            progress("read", 1, None)
    summary.observations = len(observations)
    summary.skipped = dict(skipped)

    planned = _plan_snapshots(graph, observations, observed_at, summary)
    planned, rewrite_findings = _check_append_only(graph, store, planned, observed_at, observations)
    resolution = _resolve(graph, planned)
    unresolved = {ref for ref, uid in resolution.items() if uid is None}
    status_refs = {ref for item in planned for edge in item.observation.edges if edge.kind != "RELATES"
                   for ref in (edge.from_ref, edge.to_ref)}
    summary.unresolved = sorted(unresolved & status_refs)
    summary.external = sorted(unresolved - status_refs)
    external = set(summary.external)

    if progress:
        progress("write", 0, len(planned))
    written: set[str] = set()
    pending: set[str] = set()  # claims whose stored status a batch forgot: stored again once every batch is in
    for batch in chunked(planned, _batch_size()):
        counts = _write_batch(graph, batch, resolution, external, store, store_kind, scope, observed_at, notices)
        pending.update(counts["pending"])
        if counts["written"]:
            summary.snapshots_added += len(batch)
            summary.claim_versions_written += counts["claims"]
            written.update(claim.uid for item in batch for claim in item.observation.claims)
            summary.edges_written += counts["edges"]
        else:
            summary.snapshots_unchanged += len(batch)
        if progress:
            progress("write", len(batch), len(planned))
    summary.claims_written = len(written)
    # a graph written before external references existed holds lineage-only placeholders: turn them
    graph.write(cypher.load("ingest_lineage_placeholders").text)
    writetime.store_pending(graph, pending)

    if policy == "latest-wins":
        def latest_wins(tx: Tx) -> dict[str, Any]:
            rows = tx.rows(cypher.load("ingest_latest_wins").text, {"store": store})
            return rows[0] if rows else {"adjudications": 0, "claims": []}

        row = writetime.write_with_status(graph, latest_wins, lambda found: (found["claims"], ()))
        summary.adjudications = row["adjudications"]

    findings = rewrite_findings + [
        {"kind": n.kind, "subject": n.subject, "detail": n.detail} for n in notices
    ]
    _write_quarantine(graph, store, quarantined, findings, observed_at)
    summary.quarantined = [{"file": q.file, "line": q.line, "reason": q.reason} for q in quarantined]
    summary.findings = findings
    return summary


@dataclass(frozen=True)
class _Planned:
    observation: Observation
    snapshot_uid: str
    rewritten: bool = False


def _snapshot_uid(observation: Observation) -> str:
    snapshot = observation.snapshot
    if snapshot.version:
        return f"{observation.source.uid}@{snapshot.version}"
    return f"{observation.source.uid}@sha256:{snapshot.sha256}"


def _plan_snapshots(graph: Graph, observations: list[Observation], observed_at: datetime, summary: IngestSummary) -> list[_Planned]:
    """Drop snapshots stored already, so re-ingesting unchanged input writes nothing."""
    by_uid: dict[str, Observation] = {}
    for observation in observations:
        uid = _snapshot_uid(observation)
        first = by_uid.get(uid)
        if first is not None and not observation.snapshot.version and first.snapshot.revised_at != observation.snapshot.revised_at:
            # The same bytes again later in one input (A, B, A): a later snapshot, named as a revert is.
            uid = f"{uid}@{to_iso(observation.snapshot.revised_at)}"
        by_uid.setdefault(uid, observation)
    latest: dict[str, tuple[str, Any]] = {}
    existing: set[str] = set()
    query = cypher.kept_plan("ingest_lookup_snapshots")
    uids = list(by_uid)
    for chunk in chunked(uids, 10000):
        sources = sorted({by_uid[u].source.uid for u in chunk})
        for row in graph.read(query, {"sources": sources, "uids": chunk}):
            if row["kind"] == "latest":
                latest[row["source"]] = (row["sha256"], row["revised_us"])
            existing.add(row["uid"])  # a latest snapshot exists too: the query lists only the older ones again
    planned: list[_Planned] = []
    for uid, observation in by_uid.items():
        observation = _after_stored(observation, latest.get(observation.source.uid), observed_at)
        if uid in existing:
            stored_latest = latest.get(observation.source.uid)
            # A plain file back at an earlier content (A, B, A) is a new snapshot, not the old one;
            # an older version re-read from the same input (A, B re-ingested) is not.
            is_revert = (
                not observation.snapshot.version
                and stored_latest is not None
                and stored_latest[0] != observation.snapshot.sha256
                and (stored_latest[1] is None or epoch_us(observation.snapshot.revised_at) > stored_latest[1])
            )
            if not is_revert:
                summary.snapshots_unchanged += 1
                continue
            uid = f"{uid}@{to_iso(observation.snapshot.revised_at)}"
        planned.append(_Planned(observation, uid))
    return planned


def _after_stored(observation: Observation, stored_latest: tuple[str, Any] | None, observed_at: datetime) -> Observation:
    """A plain file dated by its own Date line, edited since it was stored: the edit counts from its mtime.

    Its Date line stays put when the file changes, so the new bytes would otherwise sort at or
    before the snapshot they replace.
    """
    snapshot = observation.snapshot
    if (snapshot.changed_at is None or stored_latest is None or stored_latest[0] == snapshot.sha256
            or stored_latest[1] is None or epoch_us(snapshot.revised_at) > stored_latest[1]):
        return observation
    moment = snapshot.changed_at if epoch_us(snapshot.changed_at) > stored_latest[1] else observed_at
    return replace(observation, snapshot=replace(snapshot, revised_at=moment))


def _group_key(observation: Observation) -> str:
    return observation.source.container or observation.append_only_group or ""


def _check_append_only(graph: Graph, store: str, planned: list[_Planned], observed_at: datetime,
                       observations: Sequence[Observation]) -> tuple[list[_Planned], list[dict[str, Any]]]:
    """A log entry whose bytes changed after it was ingested is a rewrite: flag it and report it."""
    groups: dict[str, list[_Planned]] = defaultdict(list)
    for item in planned:
        if item.observation.append_only_group:
            groups[_group_key(item.observation)].append(item)
    # Every entry the input still holds, stored already or not: only the others vanished.
    present: dict[str, set[str]] = defaultdict(set)
    for observation in observations:
        if observation.append_only_group:
            present[_group_key(observation)].add(observation.source.uid)
    if not groups:
        return planned, []
    findings: list[dict[str, Any]] = []
    replaced: dict[int, _Planned] = {}
    extra: list[_Planned] = []
    query = cypher.load("ingest_group_entries").text
    for container, items in groups.items():
        stored = {row["source"]: row for row in graph.read(query, {"store": store, "container": container})}
        if not stored:
            continue
        seen = present[container]  # every planned entry came from the input, so this holds them all
        changed: list[str] = []
        for item in items:
            before = stored.get(item.observation.source.uid)
            if before is None or before["sha256"] == item.observation.snapshot.sha256:
                continue
            changed.append(item.observation.source.locator)
            observation = item.observation
            # We learn of a rewrite when we see it: the new bytes count from this ingest on.
            moved = replace(observation, snapshot=replace(observation.snapshot, revised_at=observed_at))
            replaced[id(item)] = _Planned(moved, f"{item.snapshot_uid}@rewritten:{to_iso(observed_at)}", rewritten=True)
        # Entries stored before but absent now vanished in the rewrite: their source stops citing them.
        vanished = sorted(uid for uid, row in stored.items() if uid not in seen and row["cites"])
        for source_uid in vanished:
            template = items[0].observation
            locator = source_uid.split(":", 1)[1] if ":" in source_uid else source_uid
            gone = Observation(
                source=replace(template.source, uid=source_uid, locator=locator, title=None, url=None),
                snapshot=replace(template.snapshot, sha256=sha256_hex(b""), revised_at=observed_at, version=None),
                append_only_group=template.append_only_group,
            )
            extra.append(_Planned(gone, f"{source_uid}@vanished:{to_iso(observed_at)}", rewritten=True))
            changed.append(locator)
        if changed:
            findings.append({
                "kind": "log_rewrite",
                "subject": f"{store}:{container}",
                "detail": f"{len(changed)} already-ingested entr{'y' if len(changed) == 1 else 'ies'} changed or vanished: "
                          + ", ".join(sorted(changed)[:20]),
            })
    result = [replaced.get(id(item), item) for item in planned] + extra
    return result, findings


def _resolve(graph: Graph, planned: list[_Planned]) -> dict[str, str | None]:
    """Map every edge reference to a claim uid (this run's claims first, then the graph); None = placeholder."""
    known: dict[str, str] = {}
    for item in planned:
        for claim in item.observation.claims:
            known.setdefault(claim.uid, claim.uid)
    for item in planned:
        for claim in item.observation.claims:
            for alias in claim.aliases:
                known.setdefault(alias, claim.uid)
    refs = {ref for item in planned for edge in item.observation.edges for ref in (edge.from_ref, edge.to_ref)}
    resolution: dict[str, str | None] = {ref: known[ref] for ref in refs if ref in known}
    missing = sorted(refs - set(resolution))
    query = cypher.load("ingest_resolve").text
    for chunk in chunked(missing, 5000):
        for row in graph.read(query, {"refs": chunk}):
            if row["ref"] not in resolution or (resolution[row["ref"]] is None):
                resolution.setdefault(row["ref"], row["uid"])
    for ref in missing:
        resolution.setdefault(ref, None)
    return resolution


def _claim_row(claim: ClaimRecord, scope: str, rewritten: bool, title: str | None = None) -> dict[str, Any]:
    value = None if claim.value is None else str(claim.value)
    claim_scope = claim.scope if claim.scope is not None else scope
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
        "rewritten": rewritten,
        "search": fulltext.search_fields(title, claim.subject, value, claim.text, claim_scope),
    }


def _write_batch(
    graph: Graph,
    batch: list[_Planned],
    resolution: dict[str, str | None],
    external: set[str],
    store: str,
    store_kind: str,
    scope: str,
    observed_at: datetime,
    notices: list[Notice],
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
                         "version": snapshot.version, "deleted": bool(snapshot.deleted)},
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

    def work(tx: Tx) -> list[str] | None:
        # one writer at a time, from the first statement: see provgraph/engine/stored_status.py
        writetime.lock(tx, observed_at)
        # a concurrent ingest of the same input may have written this batch while we waited: as on re-ingest,
        # stored snapshots are not written again (and need no status pass)
        if tx.rows(cypher.kept_plan("ingest_stored_snapshots"), {"uids": snapshot_uids})[0]["stored"] == len(snapshot_uids):
            return None
        tx.run(cypher.kept_plan("ingest_observations"), {"store": store, "store_kind": store_kind,
                                                     "observed_at": observed_at, "rows": observation_rows})
        if merge_rows:
            tx.run(cypher.kept_plan("ingest_merge_placeholders"), {"rows": merge_rows})
        if edge_rows:
            tx.run(cypher.kept_plan("ingest_edges"), {"rows": edge_rows})
        if reference_rows:
            tx.run(cypher.kept_plan("ingest_external_refs"), {"rows": reference_rows})
        if adopt_rows:
            tx.run(cypher.kept_plan("ingest_adopt_external_refs"), {"rows": adopt_rows})
        tx.run(cypher.kept_plan("ingest_chain"), {"sources": unique_sources})
        tx.run(cypher.kept_plan("ingest_edge_windows"), {"sources": unique_sources})
        return writetime.invalidate(tx, seeds, unique_sources)

    pending = graph.transaction(work, write=True)
    if pending is None:
        return {"written": False, "claims": 0, "edges": 0, "pending": []}
    return {"written": True, "claims": claims, "edges": len(edge_rows), "pending": pending}


def _batch_size() -> int:
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


def _write_quarantine(graph: Graph, store: str, quarantined: list[Quarantined], findings: list[dict[str, Any]], observed_at: datetime) -> None:
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
    graph.write(cypher.load("ingest_quarantine").text, params)


def _digest(*parts: object) -> str:
    return hashlib.sha256("\x1f".join(str(p) for p in parts).encode("utf-8", "replace")).hexdigest()[:32]
