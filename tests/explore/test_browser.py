"""Neo4j Browser on the local server, in a real headless Chromium (Debian's, driven by Playwright; no
browser is downloaded): the page loads from the suite's server, connects without a login form, plays
provgraph's guide, and the guide's lineage query draws the claim's lineage as nodes and relationships.
The guide's queries are the named queries; its lineage picture finds what `provgraph lineage` finds."""
from __future__ import annotations

import json
import re
import shutil
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner
from explore_helpers import EXAMPLES

from provgraph import cypher
from provgraph.base.config import Settings, provgraph_home
from provgraph.cli import cli
from provgraph.engine.lineage import lineage
from provgraph.graph import server as local
from provgraph.graph.connection import Graph
from provgraph.graph.server.guide import GRAPH_STYLE, GUIDE_NAME, STYLE_NAME, guide_html, lineage_picture_query

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
LOCAL_ONLY = re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/]).*")  # the test machine has no other network


def _suite_server(neo4j_settings: Settings) -> local.ServerState:
    port = int(neo4j_settings.uri.rsplit(":", 1)[1])
    state = local.status(local.ServerOptions(port=port, data_dir=provgraph_home() / f"test-server-{port}"))
    if not state.http_port:
        pytest.skip("the suite runs against a server without provgraph's HTTP connector (PROVGRAPH_TEST_URI)")
    return state


def _ingest_story() -> None:
    """The demo's story (`make demo`): ADR-0001 there is superseded, cited and a premise, as the guide assumes."""
    result = CliRunner().invoke(cli, ["ingest", "--config", str(EXAMPLES / "story" / "provgraph.toml")])
    assert result.exit_code in (0, 1), result.output  # 1: the story keeps unresolved references on purpose


def _browse(state: local.ServerState) -> dict:
    result = CliRunner().invoke(cli, ["browse", "--port", str(state.port), "--http-port", str(state.http_port),
                                      "--data", state.data_dir, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_browse_prints_the_browser_url_with_the_connection_filled_in(neo4j_settings: Settings) -> None:
    state = _suite_server(neo4j_settings)
    shown = _browse(state)
    assert shown["url"] == (f"http://127.0.0.1:{state.http_port}/browser/?dbms=bolt%3A%2F%2F127.0.0.1%3A{state.port}"
                            "&db=neo4j&preselectAuthMethod=NO_AUTH")
    plain = CliRunner().invoke(cli, ["browse", "--port", str(state.port), "--data", state.data_dir,
                                     "--http-port", str(state.http_port)])
    assert plain.exit_code == 0 and plain.stdout.strip() == shown["url"]
    with urllib.request.urlopen(shown["url"], timeout=30) as page:
        assert page.status == 200 and b"<title>Neo4j Browser</title>" in page.read()


def test_the_server_serves_the_guide_and_nothing_outside_its_folder(neo4j_settings: Settings) -> None:
    state = _suite_server(neo4j_settings)
    guide = _browse(state)["guide"]
    with urllib.request.urlopen(guide, timeout=30) as response:
        assert response.headers["Access-Control-Allow-Origin"] == "*"
        assert response.read().decode() == guide_html()
    with urllib.request.urlopen(guide.replace(GUIDE_NAME, STYLE_NAME), timeout=30) as response:
        assert response.read().decode() == GRAPH_STYLE
    for name in ("..%2Fserver.json", "%2E%2E/server.json", "nothere.html", "..%2F..%2Fneo4j%2Fconf%2Fneo4j.conf"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(guide.replace(GUIDE_NAME, name), timeout=30)
        assert refused.value.code in (400, 404)


def test_the_guide_runs_the_named_queries_unchanged() -> None:
    page = guide_html()
    for name in ("status", "lineage", "rivals"):
        body = "\n".join(line for line in cypher.load(name).text.splitlines() if not line.lstrip().startswith("//"))
        assert body.strip().rstrip(";").strip().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") \
            .replace('"', "&quot;").replace("'", "&#x27;") in page, name


def test_the_lineage_picture_holds_what_provgraph_lineage_finds(graph: Graph) -> None:
    _ingest_story()
    expected = lineage(graph, "ADR-0001")
    rows = graph.read(lineage_picture_query(), {"claim": "ADR-0001", "q": None, "t": expected.at})
    assert len(rows) == 1
    drawn = {node["uid"] for node in rows[0]["claims"]}
    assert drawn == set(expected.nodes) and len(drawn) > 1
    assert len(rows[0]["links"]) == len(expected.edges)
    assert rows[0]["sources"] and rows[0]["sourcing"]


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium on PATH: `make test` installs Debian's chromium when run as "
                                              "root; else `apt-get install chromium` to run the Neo4j Browser test")
def test_neo4j_browser_connects_plays_the_guide_and_draws_a_lineage(graph: Graph, neo4j_settings: Settings,
                                                                     tmp_path: Path) -> None:
    playwright = pytest.importorskip("playwright.sync_api", reason="playwright is in the test extra: `make venv`")
    _ingest_story()
    state = _suite_server(neo4j_settings)
    url = _browse(state)["url"]
    left_machine: list[str] = []
    with playwright.sync_playwright() as driver:
        # CI runs as root (no sandbox then) in a container whose /dev/shm is small
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.route(LOCAL_ONLY, lambda route: (left_machine.append(route.request.url), route.abort()))
            page.goto(url)
            frames = page.get_by_test_id("frame")
            guide = page.get_by_test_id("carousel")
            guide.locator("pre.runnable").first.wait_for(timeout=120_000)  # played after connecting
            connected = frames.filter(has_text=":server connect")
            assert "Connected to Neo4j" in connected.first.inner_text(timeout=60_000)

            def run(block: int) -> None:
                before = frames.count()
                for _ in range(3):  # on a loaded machine the editor may not yet hold the block when Run is clicked
                    guide.locator("pre.runnable:visible").nth(block).click()
                    page.get_by_test_id("editor-Run").click()
                    try:
                        page.wait_for_function("n => document.querySelectorAll('[data-testid=\"frame\"]').length > n",
                                               arg=before, timeout=40_000)
                        break
                    except playwright.TimeoutError:
                        pass
                assert frames.count() > before, f"no frame for the guide's block {block}"  # its frame is on top
                frames.first.get_by_test_id("spinner").wait_for(state="detached", timeout=120_000)

            run(0)  # :params {claim: "ADR-0001", ...}
            run(1)  # :param t => datetime()
            guide.get_by_test_id("nextSlide").click()
            guide.get_by_test_id("nextSlide").click()
            run(0)  # the lineage picture
            drawn = frames.first
            try:
                drawn.locator("svg g.node").first.wait_for(timeout=60_000)
            except playwright.Error:
                page.screenshot(path=str(tmp_path / "failed.png"), full_page=True)
                raise AssertionError(f"no graph drawn; the page: {tmp_path / 'failed.png'}; the frame said: "
                                     + drawn.inner_text()[:2000]) from None
            page.wait_for_timeout(1500)  # let the force layout settle for the screenshot
            shot = tmp_path / "neo4j-browser-lineage.png"
            drawn.screenshot(path=str(shot))
            nodes = drawn.locator("svg g.node").count()
            captions = drawn.locator("svg g.node text.caption").all_text_contents()
            legend = drawn.evaluate(
                "f => [...f.querySelectorAll('[data-testid]')].map(e => e.getAttribute('data-testid'))")
        finally:
            browser.close()
    expected = lineage(graph, "ADR-0001")
    assert nodes >= len(expected.nodes) > 1  # claims, plus the snapshots and sources they cite
    for kind in ("SUPERSEDES", "CITED_AT"):
        assert f"property-details-overview-relationship-type-{kind}" in legend
    assert {"ADR-0001", "ADR-0003"} <= {caption.strip() for caption in captions}  # the server's graph style: uids
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
    assert all(not address.startswith(("http://127.0.0.1", "http://localhost")) for address in left_machine)
