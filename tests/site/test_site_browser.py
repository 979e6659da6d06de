"""The story's decision site as a person uses it, in headless Chromium from file://: the search finds a decision by a
word of its text, the keyboard reaches the skip link first and then every link, axe-core finds no WCAG 2.1 A/AA
violation, the pages fit a phone's width, and the screenshots in docs/images are of this site."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from chromium_helpers import hex_rgb, png_pixels
from site_helpers import unsafe_parts

from provgraph.site.layout import decision_href

ROOT = Path(__file__).resolve().parents[2]
AXE = Path(os.environ.get("PROVGRAPH_AXE_CORE", ROOT / ".venv" / "node_modules" / "axe-core" / "axe.min.js"))
AXE_HINT = "needs axe-core (make venv installs it with npm; or: npm install --prefix .venv axe-core@4.14.1)"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SCREENSHOTS = ROOT / "docs" / "images"
HEADER = "#14325c"  # header.top's background in assets/site.css


def test_search_finds_a_decision_by_a_word_of_its_text_from_file(story_site: Path, page) -> None:
    page.goto((story_site / "search.html").as_uri())
    page.fill("#q", "models")  # a word of ADR-0003's decision text, in neither its id nor its title
    page.wait_for_selector("#results li a")
    found = page.eval_on_selector_all("#results li a", "links => links.map(a => a.textContent)")
    assert found == ["ADR-0003: 3. Move the ledger to an append-only event store"]
    page.click("#results li a")
    assert page.url == (story_site / decision_href("ADR-0003", 0)).resolve().as_uri()
    assert unsafe_parts(page, story_site) == []


def _tab_through(page, presses: int) -> list[str]:  # type: ignore[no-untyped-def]
    """The links focused by pressing Tab `presses` times, each named by its position among the page's links."""
    page.evaluate("() => document.querySelectorAll('a[href]').forEach((a, i) => a.setAttribute('data-k', String(i)))")
    focused = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        focused.append(page.evaluate("() => document.activeElement.getAttribute('data-k') || document.activeElement.tagName"))
    return focused


@pytest.mark.parametrize("relpath", ["index.html", decision_href("ADR-0001", 0)])
def test_tab_reaches_the_skip_link_first_then_the_navigation_then_every_link(story_site: Path, page, relpath: str) -> None:
    page.goto((story_site / relpath).as_uri())
    links = page.eval_on_selector_all("a[href]", "links => links.map(a => a.getAttribute('href'))")
    focused = _tab_through(page, len(links) + 5)
    assert focused[0] == "0" and links[0] == "#main"  # the skip link
    assert [links[int(k)].rsplit("/", 1)[-1] for k in focused[1:5]] == [
        "index.html", "decisions.html", "search.html", "feed.atom"]
    assert {str(k) for k in range(len(links))} <= set(focused), "a link the keyboard never reaches"
    page.goto((story_site / relpath).as_uri())
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the skip link moves to the content
    # page.url follows a navigation event that may come after the key press returns (CI saw the old address once):
    # wait for the page's own address, up to 5 s, rather than read Playwright's copy at once
    page.wait_for_function("() => location.hash === '#main'", timeout=5000)
    assert page.url.endswith("#main")


def test_search_and_filters_work_from_the_keyboard(story_site: Path, page) -> None:
    page.goto((story_site / "decisions.html").as_uri())
    total = page.eval_on_selector_all("#all tbody tr", "rows => rows.length")
    page.focus("#f-status")
    page.keyboard.press("ArrowDown")  # the first status after "any": ACTIVE
    shown = page.eval_on_selector_all("#all tbody tr:not([hidden])", "rows => rows.map(r => r.dataset.status)")
    assert 0 < len(shown) < total and set(shown) == {"ACTIVE"}


@pytest.fixture
def axe_page(browser):  # type: ignore[no-untyped-def]
    """A page that lets axe-core's script in (bypass_csp: the site's own policy allows no script but its own)."""
    if not AXE.is_file():
        pytest.skip(AXE_HINT)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, offline=True, bypass_csp=True)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("relpath", ["index.html", decision_href("ADR-0001", 0), decision_href("PAY-210", 0),
                                     "decisions.html", "search.html", "status/stale.html"])
def test_axe_core_finds_no_wcag_2_1_a_or_aa_violation(story_site: Path, axe_page, relpath: str) -> None:
    axe_page.goto((story_site / relpath).as_uri())
    if relpath == "search.html":
        axe_page.fill("#q", "ledger")  # the results list too, badges and all
        axe_page.wait_for_selector("#results li")
    axe_page.add_script_tag(path=str(AXE))
    result = axe_page.evaluate("tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", WCAG)
    violations = [(v["id"], v["impact"], [node["target"] for node in v["nodes"]][:3]) for v in result["violations"]]
    assert violations == []
    assert len(result["passes"]) > 10  # axe really ran its rules


@pytest.mark.parametrize("relpath", ["index.html", decision_href("ADR-0001", 0), "decisions.html", "search.html"])
def test_pages_fit_a_phone_width_without_scrolling_sideways(story_site: Path, browser, relpath: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 800}, offline=True)
    try:
        phone = context.new_page()
        phone.goto((story_site / relpath).as_uri())
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


@pytest.mark.parametrize(("relpath", "name"), [("index.html", "site-home.png"),
                                               (decision_href("ADR-0001", 0), "site-decision.png")])
def test_screenshots_of_home_and_a_retired_decision(story_site: Path, browser, tmp_path: Path, relpath: str,
                                                     name: str) -> None:
    """Set PROVGRAPH_UPDATE_SCREENSHOTS=1 to write them to docs/images (the README and docs/site.md show them)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, offline=True)
    try:
        shot = context.new_page()
        shot.goto((story_site / relpath).as_uri())
        data = shot.screenshot()
    finally:
        context.close()
    assert png_pixels(data)[hex_rgb(HEADER)] > 1000  # the page was drawn with the site's style sheet
    target = SCREENSHOTS if os.environ.get("PROVGRAPH_UPDATE_SCREENSHOTS") == "1" else tmp_path
    (target / name).write_bytes(data)
    committed = SCREENSHOTS / name
    assert committed.is_file() and committed.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", f"{committed}: no screenshot"
