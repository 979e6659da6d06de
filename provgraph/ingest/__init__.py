"""Ingesters: one per store kind and format, each turning bytes into plain records.

Built-in ingesters register through the same interface a third-party one would: a
function `(path, options) -> Iterator[Record]` registered under (kind, format) with
`@register`, or exposed through the `provgraph.ingesters` entry-point group as
`"<kind>:<format>" = "module:function"`. An ingester never touches the database;
`provgraph.ingest.pipeline` writes what it yields. A built-in ingester is named `ingest_<format>`
(`ingest_git`, `ingest_jira_csv`), or `ingest_<kind>` for a kind's default format (`ingest_files`).
"""
from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from pathlib import Path
from typing import Callable, Iterator

from provgraph.base.errors import UsageError
from provgraph.ingest.records import IngestOptions, Record

Ingester = Callable[[Path, IngestOptions], Iterator[Record]]

# (kind, format) -> ingester; kinds: files, tickets, logs, cards
_REGISTRY: dict[tuple[str, str], Ingester] = {}
_BUILTIN_MODULES = ("formats.folder", "git", "github", "jira", "logs", "cards")
_loaded = False


def register(kind: str, fmt: str = "default") -> Callable[[Ingester], Ingester]:
    def decorate(function: Ingester) -> Ingester:
        _REGISTRY[(kind, fmt)] = function
        return function

    return decorate


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in _BUILTIN_MODULES:
        importlib.import_module(f"provgraph.ingest.{name}")
    for entry in entry_points(group="provgraph.ingesters"):
        kind, _, fmt = entry.name.partition(":")
        _REGISTRY.setdefault((kind, fmt or "default"), entry.load())


def get(kind: str, fmt: str = "default") -> Ingester:
    _load()
    try:
        return _REGISTRY[(kind, fmt)]
    except KeyError:
        known = ", ".join(f"{k}/{f}" for k, f in sorted(_REGISTRY)) or "none"
        raise UsageError(f"no ingester for {kind} in format {fmt!r} (known: {known})") from None
