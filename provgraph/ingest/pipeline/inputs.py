"""A store's input opened but not yet written (`StoreInput`, `open_store`), one store ingested (`ingest`), and the
stores of an `ingest --config` file checked, all of them before any is written, then written one after the other."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, ContextManager, Iterable, Iterator, Sequence

from provgraph.base.errors import InputError
from provgraph.graph.connection import Graph
from provgraph.ingest import get as get_ingester
from provgraph.ingest.config import StoreConfig
from provgraph.ingest.kept import KEPT_ENDS
from provgraph.ingest.pipeline import kept
from provgraph.ingest.pipeline.rebuild import Reading
from provgraph.ingest.pipeline.summary import IngestSummary
from provgraph.ingest.pipeline.writer import Progress, write
from provgraph.ingest.records import IngestOptions, Record


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
