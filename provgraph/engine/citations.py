"""Which claim a retrieved text is: by its claim id, or by the file and snapshot it was read from (and a line)."""
from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from provgraph.base.errors import UsageError
from provgraph.graph.connection import Graph

_HEX = re.compile(r"(?:sha256:)?([0-9a-fA-F]{64})")


@dataclass(frozen=True)
class Citation:
    """Where a text was read: a source (uid, locator, or a path ending in the locator), the snapshot's sha256 hex
    (or "sha256:HEX"), and the line, when known."""

    source: str
    snapshot: str
    line: int | None = None

    def sha256(self) -> str:
        match = _HEX.fullmatch(self.snapshot.strip())
        if not match:
            raise UsageError(f"not a sha256 digest (64 hex digits): {self.snapshot!r}")
        return match.group(1).lower()


def claims_cited_at(graph: Graph, citations: Sequence[Citation]) -> list[str | None]:
    """The claim each citation names, in order: None when the snapshot cites no claim there, or several
    (then a line, or a claim id, would tell them apart)."""
    if not citations:
        return []
    items = [{"key": i, "source": c.source.replace("\\", "/"), "sha256": c.sha256(), "line": c.line}
             for i, c in enumerate(citations)]
    found = {row["key"]: row["claims"] for row in graph.read("claims_cited_at", {"items": items})}
    return [claims[0] if len(claims := found.get(i) or []) == 1 else None for i in range(len(citations))]


def claim_uids(graph: Graph, ids: Sequence[str]) -> dict[str, str | None]:
    """Each id (a claim uid or alias) with the uid of the claim it names; None for an id the graph does not hold."""
    wanted = list(dict.fromkeys(ids))
    if not wanted:
        return {}
    return {row["id"]: row["uid"] for row in graph.read("resolve_claims", {"ids": wanted})}




@dataclass(frozen=True)
class ChunkSource:
    """Which claim a retrieved chunk is, found from the file path a loader set and the chunk's text: the claim, the
    sha256 of the snapshot it was read from (the version whose text contains it), and whether the file on disk has
    changed since it was ingested (then the chunk is judged by the latest snapshot's claim, and said so)."""

    claim: str
    snapshot: str
    changed_since_ingest: bool = False


def _words(text: str) -> str:
    return " ".join(text.split())


def _file_sha256(path: Path) -> tuple[str, str] | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return hashlib.sha256(data).hexdigest(), _words(data.decode("utf-8", errors="replace"))


def _candidates(path: str, stores: list[dict[str, Any]], cwd: Path) -> tuple[list[str], Path | None]:
    """The source uids a path may name (as given absolute, or against the working directory, each store's root or
    its folder), and the file on disk it names, if any."""
    given = Path(path)
    tried = [given] if given.is_absolute() else [cwd / given] + [Path(store[key]) / given for store in stores
                                                                  for key in ("root", "path") if store[key]]
    uids, on_disk = [], None
    for candidate in tried:
        candidate = Path(os.path.normpath(candidate))
        if on_disk is None and candidate.is_file():
            on_disk = candidate
        for store in stores:
            folder = Path(store["path"])
            if candidate.is_relative_to(folder):
                uids.append(f"{store['store']}:{candidate.relative_to(folder).as_posix()}")
    return list(dict.fromkeys(uids)), on_disk


def _pick(snapshots: list[dict[str, Any]], chunk: str, disk: tuple[str, str] | None) -> ChunkSource | None:
    """The snapshot the chunk was read from and its claim; newest first in `snapshots`."""
    cited = [s for s in snapshots if any(s["claims"])]
    if not cited:
        return None
    said = _words(chunk)

    def claim_in(snapshot: dict[str, Any]) -> str:
        claims = [c for c in snapshot["claims"] if c]
        named = [c for c in claims if c["text"] and (_words(c["text"]) in said or said in _words(c["text"]))]
        return str((named or claims)[0]["claim"])

    # the file on disk is a version provgraph never read: what the loader read has changed since ingest
    changed = disk is not None and not any(s["sha256"] == disk[0] for s in cited)
    if disk is not None and not changed and said in disk[1]:
        same = next(s for s in cited if s["sha256"] == disk[0])
        return ChunkSource(claim_in(same), same["sha256"])
    for snapshot in cited:  # else the newest version whose claim text the chunk holds (or that holds the chunk)
        if any(c and c["text"] and (_words(c["text"]) in said or said in _words(c["text"])) for c in snapshot["claims"]):
            return ChunkSource(claim_in(snapshot), snapshot["sha256"], changed)
    return ChunkSource(claim_in(cited[0]), cited[0]["sha256"], changed)


def chunk_sources(graph: Graph, chunks: Sequence[tuple[str, str]], cwd: Path | None = None) -> list[ChunkSource | None]:
    """For each (path as a loader set it, chunk text), the claim and snapshot it was read from; None when the path
    names no ingested record file. Two reads for the whole set."""
    if not chunks:
        return []
    stores = graph.read("chunk_stores")
    cwd = cwd or Path.cwd()
    items, disks = [], {}
    for key, (path, _) in enumerate(chunks):
        uids, on_disk = _candidates(path, stores, cwd) if stores else ([], None)
        if uids:
            items.append({"key": key, "sources": uids})
            disks[key] = _file_sha256(on_disk) if on_disk is not None else None
    found: dict[int, list[dict[str, Any]]] = {}
    for row in graph.read("chunk_snapshots", {"items": items}) if items else []:
        found.setdefault(int(row["key"]), []).append(row)
    return [_pick(found[key], chunks[key][1], disks.get(key)) if key in found else None for key in range(len(chunks))]


__all__ = ["ChunkSource", "Citation", "chunk_sources", "claim_uids", "claims_cited_at"]
