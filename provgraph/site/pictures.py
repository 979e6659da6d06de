"""Each decision's lineage as the report draws it (views.svg: Graphviz, sanitized) -- the decision and the claims one
edge away -- with every box a link to its decision's page. The pictures are drawn from what the site already read (the
entries' statuses and one read of the edges), all by one Graphviz process. The links are added after sanitizing (views.svg), so
nothing of Graphviz's output or a record's text becomes one: each href is a page of this site, built from the box's
claim uid."""
from __future__ import annotations

import subprocess
from collections import defaultdict
from typing import Any, Iterable, Sequence

from provgraph.engine.claim_status import ClaimStatus
from provgraph.engine.lineage import Edge, Lineage
from provgraph.site.entries import Listing
from provgraph.site.layout import decision_href, slug
from provgraph.views import svg


def edges_by_claim(rows: Iterable[Sequence[Any]]) -> dict[str, list[Edge]]:
    """The `site_edges` rows (as lists: source, target, kind, verb, scope, via, ...) as the edges touching each claim
    (an edge from a claim to itself once)."""
    touching: dict[str, list[Edge]] = defaultdict(list)
    for source, target, kind, verb, scope, via, *_ in rows:
        edge = Edge(source, target, kind, verb, scope, via or None)
        touching[edge.source].append(edge)
        if edge.target != edge.source:
            touching[edge.target].append(edge)
    return touching


def drawn_from(uid: str, site: Listing, edges: list[Edge], linked: bool) -> dict[str, tuple[str, str]] | None:
    """What the picture of `uid` shows (each box's status and reason, by uid), or None when it has none: it is linked
    to no claim, or an edge leads to a claim the site does not hold."""
    nodes = {uid} | {e.source for e in edges} | {e.target for e in edges}
    if not linked or len(nodes) < 2 or not nodes <= site.entries.keys():
        return None
    return {node: (site.entries[node].status, site.entries[node].reason) for node in sorted(nodes)}


def pictures(site: Listing, wanted: dict[str, list[Edge]], depth: int,
             started: "subprocess.Popen[str] | None" = None) -> dict[str, str]:
    """The linked lineage picture of each uid of `wanted` (with the edges touching it) that has one (no Graphviz:
    none), drawn by `started` (svg.graphviz_started) when given. A box shows its claim's id, status and reason, which
    the entries hold."""
    views = []
    for uid, edges in wanted.items():
        boxes = drawn_from(uid, site, edges, linked=True)
        if boxes is None:
            continue
        statuses = {node: ClaimStatus.from_row({"claim": node, "status": status, "reason": reason})
                    for node, (status, reason) in boxes.items()}
        views.append((Lineage(claim=uid, question_scope=site.entries[uid].question_scope, at=site.built_at,
                              statuses=statuses, edges=tuple(edges)), f"l-{slug(uid)}"))
    known = set(site.entries)
    drawn = svg.lineage_svgs(views, lambda uid: decision_href(uid, depth) if uid in known else None, started)
    return {view.claim: text for (view, _), text in zip(views, drawn) if text is not None}


__all__ = ["drawn_from", "edges_by_claim", "pictures"]
