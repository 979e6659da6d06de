"""Where each store was ingested from (Store.path, Store.root): what the report's SARIF locations are relative to."""
from __future__ import annotations

from pathlib import Path

from provgraph.graph.connection import Graph


def work_tree(path: Path | str) -> Path | None:
    """The git work tree that holds `path` (the nearest folder with a `.git` entry), or None."""
    here = Path(path).resolve()
    for folder in (here, *here.parents):
        if (folder / ".git").exists():
            return folder
    return None


def locations_root(path: Path | str, root: Path | str, *, chosen: bool = False) -> Path:
    """The folder a store's locations are relative to: `root` when it was chosen (a config file's folder) and holds
    `path`; else the git work tree that holds `path`; else `root` (the folder the ingest ran from)."""
    path, root = Path(path).resolve(), Path(root).resolve()
    if chosen and path.is_relative_to(root):
        return root
    return work_tree(path) or root


def record_paths(graph: Graph, store: str, path: Path | str, root: Path | str, *, chosen: bool = False) -> None:
    """Remember that `store` was read from `path` (made absolute), and the folder its locations are relative to
    (`locations_root`: `root` is the folder the ingest ran from, `chosen` when a config file's folder)."""
    graph.write("store_record_paths", {"store": store, "path": str(Path(path).resolve()), "root": str(locations_root(path, root, chosen=chosen))})


__all__ = ["locations_root", "record_paths", "work_tree"]
