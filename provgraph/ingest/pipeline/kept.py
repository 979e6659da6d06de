"""The pipeline's side of reading from the kept end (the reader's side is provgraph/ingest/kept.py).

The ends a store's line-streamed files were read to are kept on its Store node (JSON), under the reading they were
read with. An ingest under the same reading, not --rebuild, hands them to the reader, which reads each file whose
kept prefix is unchanged from its kept end. What the prefix held is then known: its entries are stored and unchanged
(the same bytes read the same way), none of them vanished, none was rewritten; so the ingest skips their lookups,
grouping and vanished-entry checks and counts them as unchanged. An entry read after a kept end whose source the
store holds already (a repeated id, a card's later version) makes it read the whole input again, as before, so
what such an entry means (a duplicate, a rewrite) is judged against the whole file.
"""
from __future__ import annotations

import json
from dataclasses import asdict
from typing import Callable, Iterable

from provgraph.base.chunks import chunked
from provgraph.base.text import counted
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline.rebuild import Reading
from provgraph.ingest.pipeline.stream import InputIndex, index_input
from provgraph.ingest.records import FileEnd, Record

Resume = Callable[[dict[str, FileEnd]], Iterable[Record]]  # the input read from these kept ends


def kept_ends(graph: Graph, store: str, reading: Reading | None, rebuild: bool) -> dict[str, FileEnd]:
    """The ends kept for `store`'s files, when this ingest may read from them (same reading, not --rebuild) and the
    last entry each one names is still stored; else none."""
    if reading is None or rebuild:
        return {}
    rows = graph.read("store_kept_ends", {"store": store})
    if not rows or not rows[0]["ends"] or rows[0]["reading"] != reading.digest:
        return {}
    ends = {name: FileEnd(**fields) for name, fields in json.loads(rows[0]["ends"]).items()}
    held = {row["source"] for row in graph.read("store_sources_held",
                                                {"store": store, "sources": sorted({e.last for e in ends.values()})})}
    return {name: end for name, end in ends.items() if end.last in held}


def first_pass(graph: Graph, store: str, read: Callable[[], Iterable[Record]], resume: Resume | None,
               reading: Reading | None, rebuild: bool, tick: Callable[[], None] | None,
               ) -> tuple[Callable[[], Iterable[Record]], InputIndex]:
    """The way to read the input for this ingest and its index: from the kept ends when there are some and no entry
    after them repeats a stored one, else whole."""
    kept = kept_ends(graph, store, reading, rebuild) if resume is not None else {}
    if not kept or resume is None:
        return read, index_input(read(), tick)

    def tails() -> Iterable[Record]:
        return resume(kept)

    index = index_input(tails(), tick)
    if not index.resumed or not _repeats_stored(graph, store, index.tail_sources):
        return tails, index
    index = index_input(read(), tick)
    index.readings.insert(0, "read whole: an entry appended after a kept end repeats the id of one stored")
    return read, index


def check_read(graph: Graph | None, store: str, read: Callable[[], Iterable[Record]], resume: Resume | None,
               reading: Reading | None) -> Iterable[Record]:
    """One read of an opened store for `ingest --config`'s check: from the kept ends when there are some."""
    ends = kept_ends(graph, store, reading, False) if graph is not None and resume is not None else {}
    return resume(ends) if ends and resume is not None else read()


def _repeats_stored(graph: Graph, store: str, sources: list[str]) -> bool:
    for chunk in chunked(sorted(set(sources)), 10000):
        if graph.read("store_sources_held", {"store": store, "sources": chunk}):
            return True
    return False


def kept_readings(index: InputIndex) -> list[str]:
    """The summary's `reading` line for each file read from its kept end: never a silent skip."""
    return [f"{name}: read from its kept end (line {end.lines + 1} on): its first {counted(end.lines, 'line')} "
            f"({end.length:,} bytes, {counted(end.entries, 'entry', 'entries')}) hash as when last read, so they are "
            "not read again" for name, end in sorted(index.resumed.items())]


def kept_entries(index: InputIndex) -> int:
    """The entries the kept prefixes hold: stored and unchanged, counted as read and unchanged."""
    return sum(end.entries for end in index.resumed.values())


def keep_ends(graph: Graph, store: str, index: InputIndex) -> None:
    """Keep how far each file was read now (after every batch is written: a crash keeps the ends of before)."""
    ends = {name: asdict(end) for name, end in sorted(index.ends.items()) if end.length > 0}
    graph.write("store_kept_ends_set", {"store": store, "ends": json.dumps(ends, sort_keys=True) if ends else None})


def forget_ends(graph: Graph, store: str) -> None:
    """No kept end survives a store taken out (a crash before the ends are kept again must not resume)."""
    graph.write("store_kept_ends_set", {"store": store, "ends": None})


__all__ = ["Resume", "check_read", "first_pass", "forget_ends", "keep_ends", "kept_ends", "kept_entries", "kept_readings"]
