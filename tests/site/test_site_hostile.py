"""A decision site over hostile records, opened in headless Chromium: a record's text, title and id are data. No
script, handler, link scheme, frame, style or picture from a record survives; no dialog opens; no request leaves
the site's own files; every page carries the content security policy; every link still resolves."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Iterator

import pytest
from site_helpers import broken_links, unsafe_parts

from provgraph.api import connect
from provgraph.base.config import Settings
from provgraph.graph.schema import wipe
from provgraph.site.layout import decision_href

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reliability"))
from test_hostile_input import INJECTION  # noqa: E402 - the hardening suite's inputs

HOSTILE_BODY = """
<script>alert('script')</script>
<img src=x onerror="alert('img')">
<a href="javascript:alert('raw link')">raw link</a>
<style>body { background: url(https://example.com/track.png) }</style>
<iframe src="https://example.com/frame"></iframe>
<svg onload="alert('svg')"><circle r="4"/></svg>

[js link](javascript:alert(1)) and [JS upper](JAVASCRIPT:alert(2)) and [spaced]( javascript:alert(3))
[data link](data:text/html,<script>alert(4)</script>) and [vb](vbscript:msgbox(5)) and [file](file:///etc/passwd)
[entity](&#106;avascript:alert(6)) and <javascript:alert(7)> and <https://example.com/auto>

![tracker](https://example.com/x.png) ![local](x.png)

[a fine link](https://example.com/fine) and [mail](mailto:team@example.com) and [relative](other-record)

<div style="position:fixed;top:0">styled</div>
"""
TITLE = "<img src=x onerror=alert('title')> Use <b>bold</b> & <script>alert('t')</script> titles"


def _adr(uid: str, title: str, body: str, status: str = "Accepted", supersedes: str | None = None) -> str:
    front = {"id": uid, "subject": "site.hostile", "value": uid, "scope": "org/hostile"}
    if supersedes:
        front["supersedes"] = supersedes
    lines = "\n".join(f"{key}: {json.dumps(value)}" for key, value in front.items())
    return f"---\n{lines}\n---\n# {title}\n\nDate: 2025-02-0{1 + len(uid) % 8}\n\n## Status\n\n{status}\n\n## Decision\n\n{body}\n"


@pytest.fixture(scope="module")
def hostile_site(neo4j_settings: Settings, _schema: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    records = tmp_path_factory.mktemp("hostile-adr")
    (records / "0001-hostile-text.md").write_text(_adr("ADR-0001", TITLE, HOSTILE_BODY), encoding="utf-8")
    (records / "0002-replaces-it.md").write_text(
        _adr("ADR-0002", "Replace <i>it</i>", "Supersedes ADR-0001.\n\n" + "\n\n".join(INJECTION), supersedes="ADR-0001"),
        encoding="utf-8")
    for number, text in enumerate(INJECTION, start=3):  # the hardening suite's inputs as ids, titles and text
        (records / f"{number:04d}-injection.md").write_text(_adr(text, text, text + "\n\n" + HOSTILE_BODY), encoding="utf-8")
    out = tmp_path_factory.mktemp("hostile-site")
    with connect(settings=neo4j_settings) as pg:
        wipe(pg.graph)
        pg.ingest_files(records, store="hostile")
        pg.site(out, title="<script>alert('site')</script> decisions")
    yield out


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_hostile_records_get_pages_and_every_link_still_resolves(hostile_site: Path) -> None:
    assert (hostile_site / decision_href("ADR-0001", 0)).is_file()
    assert len(list((hostile_site / "d").glob("*.html"))) >= 8  # most injection strings are ids of their own page
    assert broken_links(hostile_site) == []


def test_no_page_of_a_hostile_site_runs_fetches_or_links_anything_from_a_record(hostile_site: Path, page) -> None:
    checked = []
    for path in _pages(hostile_site):
        page.requests.clear()
        page.goto(path.as_uri())
        page.wait_for_load_state("load")
        problems = unsafe_parts(page, hostile_site)
        assert problems == [], f"{path.relative_to(hostile_site)}: {problems}"
        checked.append(path)
    assert len(checked) >= 10


def test_a_hostile_record_is_shown_as_the_characters_it_is(hostile_site: Path, page) -> None:
    page.goto((hostile_site / decision_href("ADR-0001", 0)).as_uri())
    heading = page.inner_text("h1")
    assert heading == f"ADR-0001: {TITLE}"  # the title's markup is its text
    record = page.inner_text("section[aria-labelledby=text-h]")
    assert "<script>alert('script')</script>" in record and "<iframe" in record
    assert "[image: tracker]" in record  # an image becomes its alt text: nothing is fetched
    fine = page.eval_on_selector_all("section[aria-labelledby=text-h] a", "links => links.map(a => a.getAttribute('href'))")
    assert sorted(fine) == ["https://example.com/auto", "https://example.com/fine", "mailto:team@example.com"]  # other-record: text


def test_the_site_title_and_search_index_keep_hostile_text_as_data(hostile_site: Path, page) -> None:
    page.goto((hostile_site / "search.html").as_uri())
    page.fill("#q", "onerror")
    page.wait_for_function("document.querySelectorAll('#results li').length > 0")
    assert page.dialogs == [] and unsafe_parts(page, hostile_site) == []
    assert "<script>alert('site')</script> decisions" in page.inner_text("header.top")
