"""How a store is read, and reading it again from scratch when that changes (issue 23).

A store's *reading* is what, besides its bytes, gives its snapshots their meaning: the reader's
version, the date order, the include/exclude globs, the store's default scope. It is recorded on the
Store after each ingest. An ingest whose reading differs from the recorded one (or `ingest --rebuild`)
takes the store's sources, snapshots and recorded edges out and writes every snapshot again under the
new reading; claims, adjudications and other stores stay. Unchanged bytes read the same way are still
"unchanged": the reading only counts when it changes.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from provgraph.base.chunks import chunked
from provgraph.engine import stored_status as writetime
from provgraph.graph.connection import Graph, Tx

# Bump when a reader changes what the same bytes mean (a new convention read, a rule fixed): every store read by
# an older reader is read again on its next ingest.
READER_VERSION = 4  # 4: the names a record's prose gives (base/mentions.py)
# Options of an ingester that change what its records mean (the rest, such as progress, do not).
READING_OPTIONS = ("date_order", "include", "exclude", "record_format")
_CHUNK = 500  # sources taken out per transaction


@dataclass(frozen=True)
class Reading:
    settings: dict[str, Any]

    @classmethod
    def of(cls, store_kind: str, fmt: str, scope: str, options: dict[str, Any]) -> "Reading":
        chosen = {key: options[key] for key in READING_OPTIONS if options.get(key) not in (None, [], ())}
        return cls({"reader": f"{store_kind}/{fmt}@{READER_VERSION}", "scope": scope or "", **chosen})

    @property
    def text(self) -> str:
        return json.dumps(self.settings, sort_keys=True, separators=(",", ":"))

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()[:16]

    def changes_from(self, before: dict[str, Any]) -> str:
        """What differs from an earlier reading, in words: `date_order: (none) -> dayfirst`."""
        keys = sorted(set(before) | set(self.settings))
        return "; ".join(f"{key}: {_shown(before.get(key))} -> {_shown(self.settings.get(key))}"
                         for key in keys if before.get(key) != self.settings.get(key))


def _shown(value: Any) -> str:
    if value in (None, "", [], ()):
        return "(none)"
    return ",".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)


def reread_reason(graph: Graph, store: str, reading: Reading, rebuild: bool) -> str | None:
    """Why this ingest must read the store from scratch, or None: --rebuild, or a reading unlike the recorded one.

    A store recorded before readings were (no reading stored) counts as read the default way by this reader.
    """
    rows = graph.read("store_reading", {"store": store})
    if not rows or not rows[0]["sources"]:
        return None  # nothing stored: every snapshot is new anyway
    if rebuild:
        return "re-read from scratch (--rebuild)"
    if rows[0]["reading"] == reading.digest:
        return None
    stored = rows[0]["settings"]
    before = json.loads(stored) if stored else {"reader": reading.settings["reader"], "scope": reading.settings["scope"]}
    changed = reading.changes_from(before)
    return f"re-read from scratch: the reading changed since the last ingest ({changed})" if changed else None


def take_out(graph: Graph, store: str) -> list[str]:
    """Every source of `store` out of the graph, a chunk per transaction under the write lock. Returns the claims whose
    stored status the ingest must store again (those kept as placeholders, and the claims of other stores' edges)."""
    sources = [row["uid"] for row in graph.read("rebuild_sources", {"store": store})]
    pending: set[str] = set()
    for chunk in chunked(sources, _CHUNK):
        def work(tx: Tx, chunk: list[str] = chunk) -> list[str]:
            writetime.lock(tx)
            # forgotten while the edges still lead to every claim they touch
            cited = tx.rows("rebuild_cited", {"sources": chunk})[0]["claims"]
            forgotten = writetime.invalidate(tx, cited, chunk)
            row = tx.rows("rebuild_unrecord", {"sources": chunk})[0]
            if row["others"]:
                tx.run("ingest_edge_windows", {"sources": row["others"]})
            tx.rows("rebuild_orphans", {"claims": row["claims"]})
            return forgotten

        pending.update(graph.transaction(work, write=True))
    return sorted(pending)


def record(graph: Graph, store: str, store_kind: str, reading: Reading) -> None:
    graph.write("store_reading_set",
                {"store": store, "kind": store_kind, "reading": reading.digest, "settings": reading.text})


__all__ = ["READER_VERSION", "READING_OPTIONS", "Reading", "record", "reread_reason", "take_out"]
