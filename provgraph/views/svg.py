"""Pictures for the HTML report, as inline SVG: each changed claim's lineage, and status counts over the runs.

Lineage is drawn by Graphviz (`dot -Tsvg`, Debian's `graphviz`) from `views.lineage.render_dot`, so the
colours are the Mermaid classes' (`display.STATUS_COLOURS`). Without `dot` on PATH there is no
picture: `lineage_svg` returns None and the report says how to get one (`GRAPHVIZ_HINT`).

What Graphviz writes is not pasted into the page as is. `sanitize_svg` parses it and keeps only
drawing elements and presentation attributes: no scripts, no foreignObject, no links or hrefs of
any kind, no event handlers, no style sheets; element ids get a per-picture prefix, so several
pictures in one page never share an id; text goes back out escaped by the XML serializer. The
trend chart is built here, element by element, with the same serializer.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from contextlib import contextmanager
from datetime import datetime
from typing import Any, Callable, Iterator, Mapping, Sequence

from provgraph.base.times import to_iso
from provgraph.engine.lineage import Lineage
from provgraph.engine.status import STATUSES
from provgraph.views.display import STATUS_COLOURS
from provgraph.views.lineage import node_ids, render_dot

GRAPHVIZ_HINT = ("No picture: Graphviz is not installed. Install it (Debian/Ubuntu: apt-get install graphviz; "
                 "macOS: brew install graphviz; in a provgraph checkout: make system-deps) and run the report again.")
DRAW_FAILED = "No picture: Graphviz could not draw this lineage in time; the text tree below has all of it."
TOO_LARGE = "No picture: this lineage has {nodes} claims, too many to draw legibly; the text tree below has all of it."
MAX_PICTURE_NODES = 150
DOT_TIMEOUT = 30.0  # seconds for one lineage; a graph that takes longer is shown as text only
TREND_RUNS = 30  # runs in the trend chart, the latest last

_SVG = "http://www.w3.org/2000/svg"
_ELEMENTS = {"svg", "g", "title", "desc", "path", "polygon", "polyline", "ellipse", "circle", "rect", "line", "text",
             "tspan"}
_ATTRIBUTES = {"id", "class", "width", "height", "viewBox", "transform", "points", "d", "x", "y", "x1", "y1", "x2", "y2",
               "cx", "cy", "r", "rx", "ry", "dx", "dy", "fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity",
               "stroke-dasharray", "stroke-linecap", "stroke-linejoin", "text-anchor", "font-family", "font-size",
               "font-weight", "font-style", "opacity", "preserveAspectRatio", "role", "aria-label"}
_PAINT = re.compile(r"^(none|transparent|currentColor|#[0-9a-fA-F]{3,8}|[a-zA-Z]+|rgba?\([0-9., %]+\))$")


def graphviz() -> str | None:
    """The `dot` executable, or None when Graphviz is not installed."""
    return shutil.which("dot")


def no_picture(view: Lineage) -> str:
    """What the report says where the picture of `view` would be."""
    if len(view.nodes) > MAX_PICTURE_NODES:
        return TOO_LARGE.format(nodes=len(view.nodes))
    return GRAPHVIZ_HINT if graphviz() is None else DRAW_FAILED


# -- sanitizing ---------------------------------------------------------------------------------

def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1]


def sanitize_svg(svg: str, id_prefix: str, titles: Mapping[str, str] | None = None) -> str:
    """Only drawing elements and presentation attributes of `svg`, ids prefixed with `id_prefix`.

    `titles` replaces the text of <title> elements (Graphviz writes node ids there) with what a
    reader should see on hover. Raises ValueError for text that is not one SVG document.
    """
    return ET.tostring(_sanitized_root(svg, id_prefix, titles or {}), encoding="unicode")


def _sanitized_root(svg: str, id_prefix: str, titles: Mapping[str, str]) -> ET.Element:
    """`sanitize_svg`'s tree, before it is written out (plain tag names: inline SVG in HTML needs no namespace)."""
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as error:
        raise ValueError(f"not SVG: {error}") from None
    if root.tag != f"{{{_SVG}}}svg":
        raise ValueError("not SVG: the root element is not <svg>")
    _clean(root, id_prefix, titles)
    return root


def _clean(element: ET.Element, prefix: str, titles: Mapping[str, str]) -> None:
    for name in list(element.attrib):
        local = _local(name)
        value = element.attrib[name]
        if name.startswith("{") or local not in _ATTRIBUTES:
            del element.attrib[name]  # href, xlink:*, on*, style, ... and any foreign namespace
            continue
        if local in ("fill", "stroke") and not _PAINT.match(value.strip()):
            del element.attrib[name]  # url(#...) and other references
        elif local == "id":
            element.attrib[name] = f"{prefix}-{value}"
    if _local(element.tag) == "title" and element.text is not None and element.text in titles:
        element.text = titles[element.text]
    element.tag = _local(element.tag)
    for child in list(element):
        if not isinstance(child.tag, str) or not child.tag.startswith(f"{{{_SVG}}}") or _local(child.tag) not in _ELEMENTS:
            element.remove(child)  # script, foreignObject, a, image, style, comments, other namespaces
            continue
        _clean(child, prefix, titles)


# -- lineage ------------------------------------------------------------------------------------

def lineage_svg(view: Lineage, id_prefix: str) -> str | None:
    """The lineage as a sanitized inline SVG drawn by Graphviz, or None without Graphviz (or if it fails)."""
    return lineage_svgs([(view, id_prefix)])[0]


Links = Callable[[str], str | None]  # a claim uid -> the address its box links to, or None: no link


_LATER_PAGE = re.compile(r'id="page\d+,\d+_graph')


@contextmanager
def graphviz_started(wanted: bool = True) -> Iterator["subprocess.Popen[str] | None"]:
    """`dot -Tsvg` started now (when `wanted` and Graphviz is installed, else None), for `lineage_svgs` to draw with
    later: starting Graphviz costs more than drawing a few lineages, so a caller that reads first starts it before
    it reads. Ended on the way out, whether it drew or not."""
    dot = graphviz() if wanted else None
    process = None
    if dot is not None:
        try:
            process = subprocess.Popen([dot, "-Tsvg"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True)
        except OSError:
            process = None
    try:
        yield process
    finally:
        if process is not None and process.poll() is None:
            process.kill()
            process.communicate()


def lineage_svgs(views: Sequence[tuple[Lineage, str]], links: Links | None = None,
                 started: "subprocess.Popen[str] | None" = None) -> list[str | None]:
    """`lineage_svg` of each (view, id prefix), drawn by one Graphviz process (`started`, else one started here): a
    site draws hundreds, and starting `dot` costs more than drawing a small lineage. A picture Graphviz did not draw
    is None. With `links`, each box whose claim it gives an address is wrapped in a link to it, after sanitizing (so
    nothing of Graphviz's output or a record's text becomes one), and the picture is a group of links, not an image."""
    drawable = [index for index, (view, _) in enumerate(views) if len(view.nodes) <= MAX_PICTURE_NODES]
    found: list[str | None] = [None] * len(views)
    if not drawable:
        return found
    with graphviz_started(started is None) as process:
        done = _drawn(started or process, "\n".join(render_dot(views[i][0]) for i in drawable),
                      DOT_TIMEOUT * max(1, len(drawable) // 50))
    drawn = [part for part in re.split(r"(?=<\?xml )", done or "") if part.strip()]
    if done is None or len(drawn) != len(drawable):
        return found
    for index, text in zip(drawable, drawn):
        # dot names the top group of every graph after a run's first `page0,1_graph0`: name each as if drawn alone,
        # so a picture's bytes do not depend on what else was drawn with it (a site rebuild draws a few)
        found[index] = _sanitized(views[index][0], views[index][1], _LATER_PAGE.sub('id="graph', text, count=1),
                                   links)
    return found


def _drawn(process: "subprocess.Popen[str] | None", dot_text: str, timeout: float) -> str | None:
    """What `process` (dot -Tsvg) writes for `dot_text`, or None: no Graphviz, it failed, or it took too long."""
    if process is None:
        return None
    try:
        out, _ = process.communicate(dot_text, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired):
        return None  # graphviz_started ends it
    return out if process.returncode == 0 else None


def _sanitized(view: Lineage, id_prefix: str, drawn: str, links: Links | None) -> str | None:
    """The picture Graphviz drew, sanitized, labelled and linked in one pass over one parse of it."""
    ids = node_ids(view)
    titles = {node_id: uid for uid, node_id in ids.items()}
    titles.update({f"{ids[e.source]}->{ids[e.target]}": f"{e.source} {e.label()} {e.target}"
                   for e in view.edges if e.source in ids and e.target in ids})
    try:
        root = _sanitized_root(drawn, id_prefix, titles)
    except ValueError:
        return None
    root.set("role", "img")
    root.set("aria-label", f"lineage of {view.claim}")
    root.set("class", "lineage")
    if links is not None:
        _link_boxes(root, links)
        root.set("role", "group")  # a picture of links: "img" would hide them from assistive technology
    return ET.tostring(root, encoding="unicode")


def _link_boxes(root: ET.Element, links: Links) -> None:
    """Wrap each node group whose <title> (its claim uid, after sanitizing) `links` gives an address in an <a>."""
    for parent in list(root.iter()):  # a list first: the loop adds elements the walk must not visit
        for index, child in enumerate(list(parent)):
            if child.tag != "g" or "node" not in (child.get("class") or "").split():
                continue
            title = child.find("title")
            href = links(title.text) if title is not None and title.text is not None else None
            if href is None:
                continue
            anchor = ET.Element("a", {"href": href})
            parent.remove(child)
            anchor.append(child)
            parent.insert(index, anchor)


# -- the trend over recorded runs ---------------------------------------------------------------

def trend_svg(runs: Sequence[tuple[datetime, Mapping[str, int]]], *, width: int = 640, height: int = 180) -> str | None:
    """A stacked bar per run (oldest left): claims per status, coloured as in the lineage pictures.

    `runs` are (ran_at, {status: claims}); None when there is nothing to draw.
    """
    runs = list(runs)[-TREND_RUNS:]
    if not runs:
        return None
    left, right, top, bottom = 48, 12, 12, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    highest = max((sum(counts.get(s, 0) for s in STATUSES) for _, counts in runs), default=0) or 1
    slot = plot_w / len(runs)
    bar = max(2.0, min(28.0, slot * 0.7))

    svg = ET.Element("svg", {"width": str(width), "height": str(height), "viewBox": f"0 0 {width} {height}",
                                        "class": "trend", "role": "img",
                                        "aria-label": f"claims per status over the last {len(runs)} report runs"})
    add = ET.SubElement
    add(svg, "line", {"x1": str(left), "y1": str(top + plot_h), "x2": str(left + plot_w), "y2": str(top + plot_h),
                      "stroke": "#999999"})
    add(svg, "line", {"x1": str(left), "y1": str(top), "x2": str(left), "y2": str(top + plot_h), "stroke": "#999999"})
    for value, level in ((highest, top), (0, top + plot_h)):
        label = add(svg, "text", {"x": str(left - 6), "y": f"{level + 4:.1f}", "text-anchor": "end", "font-size": "11",
                                  "font-family": "sans-serif"})
        label.text = str(value)
    for index, (ran_at, counts) in enumerate(runs):
        x = left + slot * index + (slot - bar) / 2
        y: float = top + plot_h
        group = add(svg, "g", {"class": "run"})
        title = add(group, "title")
        title.text = f"{to_iso(ran_at)}: " + ", ".join(f"{counts.get(s, 0)} {s}" for s in STATUSES)
        for status in STATUSES:
            n = counts.get(status, 0)
            if not n:
                continue
            h = plot_h * n / highest
            y -= h
            fill, stroke, _ = STATUS_COLOURS[status]
            add(group, "rect", {"class": status.lower(), "x": f"{x:.1f}", "y": f"{y:.1f}", "width": f"{bar:.1f}",
                                "height": f"{h:.1f}", "fill": fill, "stroke": stroke, "stroke-width": "1"})
    ends = [(0, left, "start")] + ([(len(runs) - 1, left + plot_w, "end")] if len(runs) > 1 else [])
    for index, x, anchor in ends:
        label = add(svg, "text", {"x": f"{x:.1f}", "y": str(top + plot_h + 14), "text-anchor": anchor, "font-size": "11",
                                  "font-family": "sans-serif"})
        label.text = (to_iso(runs[index][0]) or "")[:16].replace("T", " ")
    x = left
    for status in STATUSES:
        fill, stroke, _ = STATUS_COLOURS[status]
        add(svg, "rect", {"x": str(x), "y": str(height - 16), "width": "10", "height": "10", "fill": fill,
                          "stroke": stroke})
        label = add(svg, "text", {"x": str(x + 14), "y": str(height - 7), "font-size": "11", "font-family": "sans-serif"})
        label.text = status
        x += 90
    return ET.tostring(svg, encoding="unicode")


def counts_of(summary: Mapping[str, Any]) -> dict[str, int]:
    """{status: claims} from a ReportRun summary (claim uid -> [status, reason])."""
    counts = dict.fromkeys(STATUSES, 0)
    for pair in summary.values():
        if isinstance(pair, (list, tuple)) and pair and pair[0] in counts:
            counts[pair[0]] += 1
    return counts


__all__ = ["DRAW_FAILED", "GRAPHVIZ_HINT", "MAX_PICTURE_NODES", "TOO_LARGE", "TREND_RUNS", "counts_of", "graphviz",
           "lineage_svg", "no_picture", "sanitize_svg", "trend_svg"]
