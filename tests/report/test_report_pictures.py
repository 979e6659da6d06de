"""The HTML report's pictures: each changed claim's lineage as inline SVG (Graphviz), and the trend over runs,
checked in real headless Chromium."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from chromium_helpers import hex_rgb, png_pixels
from graphs import GraphBuilder

from provgraph.graph.connection import Graph
from provgraph.report import run_report
from provgraph.views.display import STATUS_COLOURS
from provgraph.views.svg import GRAPHVIZ_HINT, graphviz, sanitize_svg

needs_graphviz = pytest.mark.skipif(graphviz() is None, reason="needs Graphviz (apt-get install graphviz; make system-deps)")


def _texts(nodes) -> list[str]:  # type: ignore[no-untyped-def]
    """The drawn lines of each SVG node (innerText is for HTML elements; SVG has <text>)."""
    return nodes.evaluate_all("els => els.map(e => [...e.querySelectorAll('text')].map(t => t.textContent).join('\\n'))")


def _story(g: GraphBuilder) -> None:
    g.discount_raised()
    g.claim("PRICE-8", subject="pricing.rounding", value="up", scope="org/acme", at="2025-03-02")
    g.depends_on("PRICE-8", "PRICE-6", at="2025-03-02")


@needs_graphviz
def test_each_changed_claims_lineage_is_an_inline_svg_that_chromium_draws_in_status_colours(
        graph: Graph, g: GraphBuilder, tmp_path: Path, page) -> None:
    _story(g)
    result = run_report(graph, tmp_path / "out")
    html_path = tmp_path / "out" / "report.html"
    assert result.report.lineages, "the first run counts the STALE claims as changed"

    page.goto(html_path.as_uri())
    figure = page.locator("figure.lineage").filter(has_text="Lineage of PRICE-6").first
    nodes = figure.locator("svg g.node")
    assert sorted(_texts(nodes)) == sorted(
        ["PRICE-6\nSTALE SUPERSEDED", "PRICE-7\nACTIVE CURRENT", "PRICE-8\nUNKNOWN PREMISE_NOT_CURRENT"])
    assert figure.locator("svg g.edge").count() == 2
    assert [figure.locator(f"svg g.node.{css}").count() for css in ("active", "stale", "unknown")] == [1, 1, 1]
    stale_fill = figure.locator("svg g.node.stale path, svg g.node.stale polygon").first.evaluate(
        "element => getComputedStyle(element).fill")
    assert stale_fill == "rgb(%d, %d, %d)" % hex_rgb(STATUS_COLOURS["STALE"][0])
    box = figure.locator("svg").bounding_box()
    assert box and box["width"] > 100 and box["height"] > 100

    shot = figure.locator("svg").screenshot(path=str(tmp_path / "lineage.png"))
    pixels = png_pixels(shot)
    for status in ("ACTIVE", "STALE", "UNKNOWN"):  # the boxes are painted, not just present in the DOM
        assert pixels[hex_rgb(STATUS_COLOURS[status][0])] > 500, status
    page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
    assert (tmp_path / "report.png").stat().st_size > 10_000
    assert [url for url in page.requests if not url.startswith("file://")] == []  # offline: no CDN, nothing fetched


def test_trend_chart_shows_status_counts_of_every_recorded_run_in_order(graph: Graph, g: GraphBuilder,
                                                                        tmp_path: Path, page) -> None:
    g.claim("a", subject="x", value="1", scope="org/acme", at="2025-01-01")
    run_report(graph, tmp_path / "r1", baseline="nightly")
    g.claim("b", subject="x", value="2", scope="org/acme", at="2025-02-01")
    g.supersedes("b", "a", at="2025-02-01")
    run_report(graph, tmp_path / "r2", baseline="nightly")
    # a run recorded before runs kept their counts: the chart counts its summary
    graph.write("CREATE (:ReportRun {uid: 'report:old', ran_at: datetime('2024-12-31T00:00:00Z'), scope: '', "
                "baseline: 'nightly', summary: '{\"a\": [\"UNKNOWN\", \"NOT_YET_ASSERTED\"]}'})")
    third = run_report(graph, tmp_path / "r3", baseline="nightly")

    assert [(entry[1]) for entry in third.report.trend] == [
        {"ACTIVE": 0, "STALE": 0, "CONFLICT": 0, "UNKNOWN": 1},
        {"ACTIVE": 1, "STALE": 0, "CONFLICT": 0, "UNKNOWN": 0},
        {"ACTIVE": 1, "STALE": 1, "CONFLICT": 0, "UNKNOWN": 0},
        {"ACTIVE": 1, "STALE": 1, "CONFLICT": 0, "UNKNOWN": 0},
    ]
    data = json.loads((tmp_path / "r3" / "report.json").read_text())
    assert [run["counts"]["STALE"] for run in data["trend"]] == [0, 0, 1, 1]

    page.goto((tmp_path / "r3" / "report.html").as_uri())
    runs = page.locator("figure.trend svg g.run")
    assert runs.count() == 4
    assert runs.nth(0).locator("title").text_content().startswith("2024-12-31T00:00:00Z: 0 ACTIVE, 0 STALE, 0 CONFLICT, 1 UNKNOWN")
    heights = [runs.nth(i).locator("rect.stale").count() for i in range(4)]
    assert heights == [0, 0, 1, 1]
    first, last = (runs.nth(i).bounding_box() for i in (0, 3))
    assert first and last and first["x"] < last["x"]  # oldest left


def test_trend_chart_leaves_out_the_runs_of_other_baselines_as_the_diff_does(graph: Graph, g: GraphBuilder,
                                                                              tmp_path: Path) -> None:
    g.claim("a", subject="x", value="1", scope="org/acme", at="2025-01-01")
    run_report(graph, tmp_path / "nightly", formats="json")  # baseline: its --out folder
    run_report(graph, tmp_path / "adhoc", formats="json")  # another folder, another baseline: no point of the nightly trend
    run_report(graph, tmp_path / "adhoc", formats="json")
    again = run_report(graph, tmp_path / "nightly", formats="json")
    assert len(again.report.trend) == 2
    data = json.loads((tmp_path / "nightly" / "report.json").read_text())
    assert len(data["trend"]) == 2


def test_without_graphviz_the_report_keeps_the_text_tree_and_says_how_to_get_the_picture(
        graph: Graph, g: GraphBuilder, tmp_path: Path, monkeypatch) -> None:
    _story(g)
    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))  # a machine without Graphviz
    result = run_report(graph, tmp_path / "out", formats="html")
    page_text = (tmp_path / "out" / "report.html").read_text()
    assert [claim for claim, _, _ in result.report.lineages] == ["PRICE-6"]
    assert page_text.count(GRAPHVIZ_HINT.replace("'", "&#x27;")) == 1  # one per changed claim
    assert "apt-get install graphviz" in GRAPHVIZ_HINT
    assert '<pre class="tree">PRICE-6 [STALE SUPERSEDED]' in page_text
    assert 'class="lineage"' not in page_text
    assert '<figure class="trend"><svg' in page_text  # the trend needs no Graphviz


@needs_graphviz
def test_hostile_claim_ids_stay_text_in_the_picture(graph: Graph, g: GraphBuilder, tmp_path: Path, page) -> None:
    hostile = "<script>alert(1)</script>\"'><img src=x onerror=alert(2)>"
    g.claim(hostile, subject="x", value="1", scope="org/acme", at="2025-01-01")
    g.claim("fix", subject="x", value="2", scope="org/acme", at="2025-02-01")
    g.supersedes("fix", hostile, at="2025-02-01")
    run_report(graph, tmp_path / "out", formats="html")
    html_text = (tmp_path / "out" / "report.html").read_text()
    assert "<script" not in html_text.lower() and "<img" not in html_text.lower()

    page.goto((tmp_path / "out" / "report.html").as_uri())
    page.wait_for_timeout(200)  # let an injected handler fire, if there were one
    assert page.dialogs == []
    assert page.locator("img, script, foreignObject").count() == 0
    texts = _texts(page.locator("figure.lineage svg g.node"))
    assert any(hostile in text for text in texts)


def test_sanitize_svg_keeps_drawing_and_drops_scripts_links_handlers_and_foreign_content() -> None:
    svg = """<?xml version="1.0"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" onload="alert(1)">
 <script>alert(2)</script><style>* { background: url(https://cdn.example/x.png) }</style>
 <g id="node1" class="node" style="fill: url(https://x.example/)">
  <title>n0</title>
  <a xlink:href="https://evil.example/"><text x="1" y="2">inside a link</text></a>
  <path fill="url(#grad)" stroke="#c62828" d="M0,0L1,1"/>
  <text x="1" y="2" fill="javascript:alert(3)">PRICE-6 &lt;b&gt;</text>
  <image href="https://tracker.example/p.gif"/><foreignObject><div>html</div></foreignObject>
  <use xlink:href="#node1"/>
 </g>
</svg>"""
    clean = sanitize_svg(svg, "pic1", {"n0": "PRICE-6"})
    for gone in ("script", "style", "alert", "url(", "href", "https:", "<a", "image", "foreignObject", "<use",
                 "inside a link", "javascript", "xmlns"):
        assert gone not in clean, gone
    assert '<g id="pic1-node1" class="node">' in clean
    assert "<title>PRICE-6</title>" in clean
    assert 'stroke="#c62828"' in clean and 'd="M0,0L1,1"' in clean
    assert "PRICE-6 &lt;b&gt;</text>" in clean
    with pytest.raises(ValueError):
        sanitize_svg("<html><body/></html>", "x")
    with pytest.raises(ValueError):
        sanitize_svg("not xml <", "x")
    assert re.fullmatch(r"<svg [^>]*>.*</svg>", clean, re.DOTALL)


def test_a_lineage_too_large_to_read_as_a_picture_is_left_as_text(graph: Graph, g: GraphBuilder, tmp_path: Path) -> None:
    from provgraph.views.svg import MAX_PICTURE_NODES

    g.chain("c", MAX_PICTURE_NODES + 1)
    result = run_report(graph, tmp_path / "out", formats="html")
    page_text = (tmp_path / "out" / "report.html").read_text()
    assert result.report.lineages
    assert f"this lineage has {MAX_PICTURE_NODES + 1} claims, too many to draw" in page_text
    assert 'class="lineage"' not in page_text and '<pre class="tree">' in page_text
