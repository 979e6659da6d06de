"""Which claim a retrieved text is: by its claim id, or by the file and snapshot it was read from (and a line)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

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


__all__ = ["Citation", "claim_uids", "claims_cited_at"]
