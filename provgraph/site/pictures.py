"""Each decision's lineage as the report draws it (views.svg: Graphviz, sanitized) -- the decision and the claims one
edge away -- with every box a link to its decision's page. The pictures are drawn from what the site already read (the
statuses and one read of the edges), all by one Graphviz process. The links are added after sanitizing, so nothing of
Graphviz's output or a record's text becomes one: each href is a page of this site, built from the box's claim uid."""
from __future__ import annotations

from collections import defaultdict
from xml.etree import ElementTree as ET

from provgraph.engine.lineage import Edge, Lineage
from provgraph.graph.connection import Graph
from provgraph.site.layout import decision_href, slug
from provgraph.site.model import SiteData
from provgraph.views import svg


def pictures(graph: Graph, site: SiteData, uids: list[str], depth: int) -> dict[str, str]:
    """The linked lineage picture of each of `uids` that has one (no Graphviz: none)."""
    touching: dict[str, list[Edge]] = defaultdict(list)
    for row in graph.stream("site_edges", {"t": site.built_at}):
        edge = Edge(row["source"], row["target"], row["kind"], row["verb"], row["scope"], row["via"] or None)
        touching[edge.source].append(edge)
        if edge.target != edge.source:
            touching[edge.target].append(edge)
    views = []
    for uid in uids:
        edges = tuple(touching.get(uid, ()))
        nodes = {uid} | {e.source for e in edges} | {e.target for e in edges}
        if len(nodes) < 2 or not nodes <= site.decisions.keys():
            continue
        statuses = {node: site.decisions[node].status for node in nodes}
        views.append((Lineage(claim=uid, question_scope=site.decisions[uid].status.question_scope, at=site.built_at,
                              statuses=statuses, edges=edges), f"l-{slug(uid)}"))
    known = set(site.decisions)
    drawn = svg.lineage_svgs(views)
    return {view.claim: linked(text, known, depth) for (view, _), text in zip(views, drawn) if text is not None}


def linked(drawn: str, known: set[str], depth: int) -> str:
    """`drawn` with each node group whose <title> is a known claim uid wrapped in a link to that claim's page."""
    root = ET.fromstring(drawn)
    for parent in list(root.iter()):  # a list first: the loop adds elements the walk must not visit
        for index, child in enumerate(list(parent)):
            if child.tag != "g" or "node" not in (child.get("class") or "").split():
                continue
            title = child.find("title")
            uid = title.text if title is not None else None
            if uid is None or uid not in known:
                continue
            anchor = ET.Element("a", {"href": decision_href(uid, depth)})
            parent.remove(child)
            anchor.append(child)
            parent.insert(index, anchor)
    root.set("role", "group")  # a picture of links: "img" would hide them from assistive technology
    return ET.tostring(root, encoding="unicode")


__all__ = ["linked", "pictures"]
