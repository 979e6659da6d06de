"""How a lineage looks: a text tree, JSON, a Mermaid flowchart or a Graphviz digraph."""
from __future__ import annotations

import re
from typing import Any, Iterator

from provgraph.base.errors import UsageError
from provgraph.base.text import short_hash
from provgraph.engine.lineage import FORCE_NOTE, REVISION_AND_AMENDMENT_KINDS, Edge, Lineage
from provgraph.engine.claim_status import ClaimStatus
from provgraph.views.display import RENDERERS, STATUS_COLOURS, account_text

LINK_WORDS = {"relates": "relates to", "depends_on": "depends on"}  # an adjudicated link's kind, as a verb

def _describe(s: ClaimStatus) -> str:
    where = f" @ {s.location}" if s.source else ""
    return f"{s.claim} [{s.status} {s.reason}]{where}"


def _edge_between(view: Lineage, source: str, target: str) -> Edge | None:
    return next((e for e in view.edges if e.source == source and e.target == target and e.kind in REVISION_AND_AMENDMENT_KINDS), None)


def render_tree(view: Lineage) -> str:
    """A text tree: the claim, then its successors and predecessors (transitively), premises, links."""
    me = view.statuses[view.claim]
    lines = [_describe(me)]
    if me.text:
        lines.append(f"  text: {_one_line(me.text)}")
    if me.snapshot:
        span = f" lines {me.lines[0]}-{me.lines[1]}" if me.lines else ""
        lines.append(f"  cited: {me.location} sha256:{short_hash(me.snapshot)}{span}")
    if account_text(me):
        lines.append(f"  {account_text(me)}")
    if me.aliases:
        lines.append(f"  formerly: {', '.join(me.aliases)}")
    if me.premises_not_current or (me.successors_elsewhere and not me.successors):
        lines.append(f"  why: {me.why()}")

    def walk(uid: str, step: str, depth: int, seen: set[str]) -> None:
        nexts = view.successors(uid) if step == "up" else view.predecessors(uid)
        for other in nexts:
            kind = _kind_between(view, other, uid) if step == "up" else _kind_between(view, uid, other)
            arrow = f"<- {kind} by" if step == "up" else f"-> {kind}"
            marker = " (seen above)" if other in seen else ""
            lines.append(f"{'  ' * depth}{arrow} {_describe(view.statuses[other])}{marker}")
            edge = _edge_between(view, other, uid) if step == "up" else _edge_between(view, uid, other)
            if edge is not None and edge.account():
                lines.append(f"{'  ' * depth}   edge: {edge.account()}")
            if other not in seen:
                seen.add(other)
                walk(other, step, depth + 1, seen)

    if view.successors():
        lines.append("successors:")
        walk(view.claim, "up", 1, {view.claim})
    if view.predecessors():
        lines.append("predecessors:")
        walk(view.claim, "down", 1, {view.claim})
    premises = _premise_closure(view)
    if premises:
        lines.append("premises:")
        for uid in premises:
            if uid in view.statuses:
                lines.append(f"  {_describe(view.statuses[uid])}")
    dependents = sorted(e.source for e in view.edges if e.kind == "DEPENDS_ON" and e.target == view.claim)
    if dependents:
        lines.append("dependents:")
        for uid in dependents:
            lines.append(f"  {_describe(view.statuses[uid])}")
    links = [e for e in view.edges if e.kind in ("CONFLICTS_WITH", "RELATES") and view.claim in (e.source, e.target)]
    if links:
        lines.append("links:")
        for e in links:
            lines.append(f"  {e.source} -{e.label()}-> {e.target}" + (f"  ({e.account()})" if e.account() else ""))
    if view.external:
        lines.append("external references (not ingested):")
        for x in view.external:
            lines.append(f"  {_external_arrow(x, ' -{}-> ')}")
    if view.rivals:
        lines.append("rivals:")
        for r in view.rivals:
            lines.append(f"  {r['rival']} ({r['kind']}, {r['rival_status']} {r['rival_reason']}, value={r.get('value')})")
    if view.adjudications:
        lines.append("adjudications:")
        for a in view.adjudications:
            revoked = f", revoked {a['revoked_at']}" if a.get("revoked_at") else ""
            if a.get("kind") == "distinct":
                why = f": {a['why']}" if a.get("why") else ""
                lines.append(f"  {a['uid']}: distinct {' / '.join(a['distinct'])}, not one matter "
                             f"(by {a.get('by') or '?'}, {a['decided_at']}{revoked}){why}")
                continue
            if a.get("kind") in LINK_WORDS:
                why = f": {a['why']}" if a.get("why") else ""
                linked = "; ".join(f"{source} {LINK_WORDS[a['kind']]} {target}" for source, target in a.get("links") or [])
                lines.append(f"  {a['uid']}: {linked or a['kind']} (by {a.get('by') or '?'}, {a['decided_at']}{revoked}){why}")
                continue
            lines.append(f"  {a['uid']}: keep {', '.join(a['keeps'])} retire {', '.join(a['retires'])} ({a['decided_at']}{revoked})")
    return "\n".join(lines)


def _external_ends(x: dict[str, Any], claim: str, target: str) -> tuple[str, str]:
    """(from, to) of an external reference, in the direction it was recorded, for the claim's and target's names."""
    return (target, claim) if x.get("inbound") else (claim, target)


def _external_arrow(x: dict[str, Any], arrow: str) -> str:
    start, end = _external_ends(x, x["claim"], x["target"])
    return start + arrow.format(x["verb"]) + end


def _external_ids(view: Lineage) -> dict[str, str]:
    return {target: f"x{index}" for index, target in enumerate(sorted({x["target"] for x in view.external}))}


def _external_links(view: Lineage, ids: dict[str, str], external: dict[str, str]) -> list[tuple[str, str, str]]:
    """(from node, to node, verb) of each external reference, in the direction the link was recorded."""
    return [(*_external_ends(x, ids[x["claim"]], external[x["target"]]), x["verb"]) for x in view.external]


def _kind_between(view: Lineage, successor: str, predecessor: str) -> str:
    kinds = sorted(e.kind + FORCE_NOTE.get(e.force or "", "") + (f" (in scope {e.scope} only)" if e.elsewhere else "")
                   for e in view.edges
                   if e.source == successor and e.target == predecessor and e.kind in REVISION_AND_AMENDMENT_KINDS)
    return "/".join(kinds) or "?"


def _one_line(text: str, width: int = 100) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


_MERMAID_UNSAFE = re.compile(r'["<>#&`\[\]{}()|]')


def _mermaid_label(text: str) -> str:
    # Mermaid labels in double quotes cannot hold a quote; entity codes keep them readable
    return _MERMAID_UNSAFE.sub(lambda m: f"#{ord(m.group(0))};", text)


def node_ids(view: Lineage) -> dict[str, str]:
    """Claim uid -> the node id the Mermaid and Graphviz renderings use."""
    return {uid: f"n{index}" for index, uid in enumerate(view.nodes)}


_CLASS = {"ACTIVE": "active", "STALE": "stale", "CONFLICT": "conflict", "UNKNOWN": "unknown"}


def _drawn_edges(view: Lineage, ids: dict[str, str]) -> Iterator[tuple[Edge, bool]]:
    """The edges between drawn claims, each with whether it is drawn dashed (a link, or a revision not in force)."""
    for e in view.edges:
        if e.source in ids and e.target in ids:
            yield e, e.kind in ("RELATES", "CONFLICTS_WITH") or e.force in FORCE_NOTE


def render_mermaid(view: Lineage) -> str:
    """A Mermaid flowchart: one node per claim (uid, status, reason), one arrow per edge."""
    ids = node_ids(view)
    out = ["flowchart BT"]
    for uid in view.nodes:
        s = view.statuses[uid]
        label = _mermaid_label(f"{uid}") + "<br/>" + _mermaid_label(f"{s.status} {s.reason}")
        shape = ('[["', '"]]') if uid == view.claim else ('["', '"]')
        out.append(f"    {ids[uid]}{shape[0]}{label}{shape[1]}")
    for e, dashed in _drawn_edges(view, ids):
        out.append(f"    {ids[e.source]} {'-.->' if dashed else '-->'}|{_mermaid_label(e.label())}| {ids[e.target]}")
    external = _external_ids(view)
    for target, node in external.items():
        out.append(f'    {node}>"{_mermaid_label(target)}<br/>external"]')
    for start, end, verb in _external_links(view, ids, external):
        out.append(f"    {start} -.->|{_mermaid_label(verb)}| {end}")
    for status_name, css in _CLASS.items():
        fill, stroke, text = STATUS_COLOURS[status_name]
        out.append(f"    classDef {css} fill:{fill},stroke:{stroke}" + (f",color:{text}" if text else ""))
    if external:
        out.append("    classDef external fill:#ffffff,stroke:#9e9e9e,stroke-dasharray:3 3")
        out.append(f"    class {','.join(external.values())} external")
    for status_name, css in _CLASS.items():
        members = [ids[uid] for uid in view.nodes if view.statuses[uid].status == status_name]
        if members:
            out.append(f"    class {','.join(members)} {css}")
    return "\n".join(out)


def _dot_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def render_dot(view: Lineage) -> str:
    """A Graphviz digraph (render with `dot -Tsvg`), coloured like the Mermaid classes; node ids n0, n1, ... by uid."""
    ids = node_ids(view)
    out = ["digraph lineage {", "  rankdir=BT;", '  node [shape=box, style="rounded,filled", fontname="Helvetica"];',
           '  edge [fontname="Helvetica", fontsize=10];']
    for uid in view.nodes:
        s = view.statuses[uid]
        fill, stroke, text = STATUS_COLOURS[s.status]
        width = ", penwidth=2.5" if uid == view.claim else ""
        font = f', fontcolor="{text}"' if text else ""
        label = _dot_string(uid + "\n" + f"{s.status} {s.reason}")
        out.append(f'  {ids[uid]} [label={label}, class="{_CLASS[s.status]}", fillcolor="{fill}", '
                   f'color="{stroke}"{font}{width}];')
    for e, dashed in _drawn_edges(view, ids):
        out.append(f"  {ids[e.source]} -> {ids[e.target]} [label={_dot_string(e.label())}{', style=dashed' if dashed else ''}];")
    external = _external_ids(view)
    for target, node in external.items():
        out.append(f'  {node} [label={_dot_string(target + chr(10) + "external")}, shape=note, style=dashed, fillcolor=white];')
    for start, end, verb in _external_links(view, ids, external):
        out.append(f"  {start} -> {end} [label={_dot_string(verb)}, style=dotted];")
    out.append("}")
    return "\n".join(out)


def render(view: Lineage, fmt: str = "tree") -> str:
    """The lineage in one of RENDERERS."""
    if fmt == "tree":
        return render_tree(view)
    if fmt == "json":
        return view.to_json()
    if fmt == "mermaid":
        return render_mermaid(view)
    if fmt == "dot":
        return render_dot(view)
    raise UsageError(f"unknown lineage format {fmt!r} (choose from {', '.join(RENDERERS)})")


__all__ = ["RENDERERS", "node_ids", "render", "render_dot", "render_mermaid", "render_tree"]


def _premise_closure(view: Lineage) -> list[str]:
    """Every claim `view.claim` rests on through the DEPENDS_ON edges drawn (a status lists only its direct premises)."""
    below: dict[str, list[str]] = {}
    for edge in view.edges:
        if edge.kind == "DEPENDS_ON":
            below.setdefault(edge.source, []).append(edge.target)
    seen, todo = {view.claim}, [view.claim]
    while todo:
        for premise in below.get(todo.pop(), ()):
            if premise not in seen:
                seen.add(premise)
                todo.append(premise)
    return sorted(seen - {view.claim})
