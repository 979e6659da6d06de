"""Where each store was ingested from (Store.path, Store.root): what the report's SARIF locations are relative to."""
from __future__ import annotations

from pathlib import Path

from provgraph.graph.connection import Graph


def record_paths(graph: Graph, store: str, path: Path | str, root: Path | str) -> None:
    """Remember that `store` was read from `path`, by an ingest run from folder `root` (both made absolute)."""
    graph.write("store_record_paths",
                {"store": store, "path": str(Path(path).resolve()), "root": str(Path(root).resolve())})


__all__ = ["record_paths"]
