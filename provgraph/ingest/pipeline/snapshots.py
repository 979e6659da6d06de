"""Which snapshots an ingest writes: those not stored already, a log entry rewritten after it was stored flagged as such,
and every edge reference resolved to a claim uid (this run's claims first, then the graph)."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from provgraph.base.chunks import chunked
from provgraph.base.times import to_iso
from provgraph.base.values import epoch_us
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline.stream import InputIndex, group_key
from provgraph.ingest.records import Observation, sha256_hex


@dataclass(frozen=True)
class Planned:
    observation: Observation
    snapshot_uid: str
    rewritten: bool = False


def snapshot_uid(observation: Observation) -> str:
    snapshot = observation.snapshot
    if snapshot.version:
        return f"{observation.source.uid}@{snapshot.version}"
    return f"{observation.source.uid}@sha256:{snapshot.sha256}"


def plan_snapshots(graph: Graph, observations: list[Observation], observed_at: datetime) -> tuple[list[Planned], int]:
    """Drop snapshots stored already, so re-ingesting unchanged input writes nothing: what to write, and how many were stored."""
    unchanged = 0
    by_uid: dict[str, Observation] = {}
    for observation in observations:
        uid = snapshot_uid(observation)
        first = by_uid.get(uid)
        if first is not None and not observation.snapshot.version and first.snapshot.revised_at != observation.snapshot.revised_at:
            # The same bytes again later in one input (A, B, A): a later snapshot, named as a revert is.
            uid = f"{uid}@{to_iso(observation.snapshot.revised_at)}"
        by_uid.setdefault(uid, observation)
    latest: dict[str, tuple[str, Any]] = {}
    existing: set[str] = set()
    query = "ingest_lookup_snapshots"
    uids = list(by_uid)
    for chunk in chunked(uids, 10000):
        sources = sorted({by_uid[u].source.uid for u in chunk})
        for row in graph.read(query, {"sources": sources, "uids": chunk}):
            if row["kind"] == "latest":
                latest[row["source"]] = (row["sha256"], row["revised_us"])
            existing.add(row["uid"])  # a latest snapshot exists too: the query lists only the older ones again
    planned: list[Planned] = []
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
                unchanged += 1
                continue
            uid = f"{uid}@{to_iso(observation.snapshot.revised_at)}"
        planned.append(Planned(observation, uid))
    return planned, unchanged


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


def check_append_only(graph: Graph, store: str, planned: list[Planned], observed_at: datetime, index: InputIndex,
                      stored_first: dict[int, str | None]) -> tuple[list[Planned], dict[str, list[str]]]:
    """A log entry of this batch whose bytes changed after it was ingested is a rewrite: flag it. Returns the batch
    and the locators that changed, by log file.

    Asked of the graph for this batch's entries only, which earlier batches of this input have not written, except
    an entry the input holds more than once: its stored hash from before this input is kept in `stored_first`.
    """
    groups: dict[str, list[Planned]] = defaultdict(list)
    for item in planned:
        if item.observation.append_only_group:
            groups[group_key(item.observation)].append(item)
    changed: dict[str, list[str]] = {}
    replaced: dict[int, Planned] = {}
    query = "ingest_group_entries_of"
    for container, items in groups.items():
        sources = sorted({item.observation.source.uid for item in items})
        stored: dict[str, str | None] = {}
        for chunk in chunked(sources, 10000):
            stored.update((row["source"], row["sha256"]) for row in graph.read(
                query, {"store": store, "container": container, "sources": chunk}))
        for source_uid in sources:
            digest = hash(source_uid)
            if digest in index.repeated_entries:  # the hash stored before this input, not one an earlier batch wrote
                stored[source_uid] = stored_first.setdefault(digest, stored.get(source_uid))
        for item in items:
            before = stored.get(item.observation.source.uid)
            if before is None or before == item.observation.snapshot.sha256:
                continue
            changed.setdefault(container, []).append(item.observation.source.locator)
            observation = item.observation
            # We learn of a rewrite when we see it: the new bytes count from this ingest on.
            moved = replace(observation, snapshot=replace(observation.snapshot, revised_at=observed_at))
            replaced[id(item)] = Planned(moved, f"{item.snapshot_uid}@rewritten:{to_iso(observed_at)}", rewritten=True)
    return [replaced.get(id(item), item) for item in planned], changed


def vanished_entries(graph: Graph, store: str, container: str, template: Observation, index: InputIndex,
                     observed_at: datetime, page: int = 10000) -> list[Planned]:
    """The entries of a log file stored before but absent from the input now: their sources stop citing them.

    Paged through the stored entries (uid order), so memory holds one page, not the log."""
    gone: list[Planned] = []
    query = "ingest_group_entries"
    after = ""
    while True:
        rows = graph.read(query, {"store": store, "container": container, "after": after, "limit": page})
        for row in rows:
            source_uid = row["source"]
            if not row["cites"] or index.has_entry(container, source_uid):
                continue
            locator = source_uid.split(":", 1)[1] if ":" in source_uid else source_uid
            observation = Observation(
                source=replace(template.source, uid=source_uid, locator=locator, title=None, url=None),
                snapshot=replace(template.snapshot, sha256=sha256_hex(b""), revised_at=observed_at, version=None),
                append_only_group=template.append_only_group,
            )
            gone.append(Planned(observation, f"{source_uid}@vanished:{to_iso(observed_at)}", rewritten=True))
        if len(rows) < page:
            return gone
        after = rows[-1]["source"]


def rewrite_finding(store: str, container: str, changed: int, first: list[str]) -> dict[str, Any]:
    """The one finding for a log file whose ingested entries changed or vanished (`first`: the 20 first locators)."""
    return {
        "kind": "log_rewrite",
        "subject": f"{store}:{container}",
        "detail": f"{changed} already-ingested entr{'y' if changed == 1 else 'ies'} changed or vanished: "
                  + ", ".join(sorted(first)[:20]),
    }


def resolve(graph: Graph, planned: list[Planned], index: InputIndex | None = None) -> dict[str, str | None]:
    """Map every edge reference to a claim uid (this run's claims first, then the graph); None = placeholder.

    With the `index` of the whole input, "this run" is the input, not only the batch: a reference to a claim uid of
    the input resolves to itself wherever in the input the claim is (its placeholder, if the edge is written first, is
    the claim once its batch is in), and an alias of one of the input's claims resolves to that claim once it is
    written, until then to a placeholder under the alias that the claim takes over when written."""
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
    aliased: set[str] = set()
    if index is not None:
        for ref in refs - resolution.keys():
            if ref in index.uids:
                resolution[ref] = ref
            elif ref in index.aliases:
                aliased.add(ref)
    missing = sorted(refs - set(resolution))
    query = "ingest_resolve"
    for chunk in chunked(missing, 5000):
        for row in graph.read(query, {"refs": chunk}):
            if row["ref"] in aliased and (index is None or row["uid"] not in index.uids):
                continue  # the input's own claim that answers to this alias comes first
            resolution.setdefault(row["ref"], row["uid"])
    for ref in missing:
        resolution.setdefault(ref, ref if ref in aliased else None)
    return resolution


__all__ = ["Planned", "check_append_only", "plan_snapshots", "resolve", "rewrite_finding", "snapshot_uid",
           "vanished_entries"]
