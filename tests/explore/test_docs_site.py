"""The docs build as a site with no warning, and every link of the built site leads somewhere.

MkDocs builds mkdocs.yml strictly into a temporary folder (a broken link or anchor, a page left out of the
site, any warning fails it); then every page of the built site is read as a browser would: each link, image,
style sheet and script must name a file of the site, each `#anchor` an id of its page, and nothing is loaded
from elsewhere (the site works offline). Links to other sites stay links a reader may follow.
"""
from __future__ import annotations

import os
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOADED = {("link", "href"), ("script", "src"), ("img", "src"), ("source", "src"), ("iframe", "src")}


class _Page(HTMLParser):
    """The ids of a page, its links (`a href`) and what it loads (style sheets, scripts, images)."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.loads: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("id", "name") and value:
                self.ids.add(value)
            elif value and tag == "a" and name == "href":
                self.links.append(value)
            elif value and (tag, name) in LOADED:
                self.loads.append(value)


def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def build(site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


def broken_links(site: Path) -> list[str]:
    """Each link or load of the built site that names no file, or an anchor its page lacks; each load from elsewhere."""
    pages = {path: _read(path) for path in site.rglob("*.html")}
    broken = []
    for path, page in pages.items():
        where = path.relative_to(site)
        for reference, loaded in [(link, False) for link in page.links] + [(load, True) for load in page.loads]:
            parts = urlsplit(reference)
            if parts.scheme or parts.netloc:
                if loaded or parts.scheme not in ("http", "https", "mailto"):
                    broken.append(f"{where}: loads {reference} from elsewhere")
                continue
            folder = site if parts.path.startswith("/") else path.parent  # the 404 page links from the site's root
            target = (folder / unquote(parts.path).lstrip("/")).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file() or not target.is_relative_to(site.resolve()):
                broken.append(f"{where}: {reference} names no file of the site")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in pages[target].ids:
                broken.append(f"{where}: {reference} names no anchor of {target.relative_to(site.resolve())}")
    return broken


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    built = build(folder)
    assert built.returncode == 0 and "WARNING" not in built.stderr, built.stderr
    return folder.resolve()


def test_the_site_builds_strictly_with_a_page_for_every_doc(site: Path) -> None:
    for doc in sorted((ROOT / "docs").glob("*.md")):
        assert (site / "docs" / doc.with_suffix(".html").name).is_file(), f"docs/{doc.name} has no page in the site"
    assert (site / "index.html").is_file() and (site / "bench" / "index.html").is_file()


def test_every_link_of_the_built_site_leads_to_a_page_and_anchor_of_it_and_nothing_loads_from_elsewhere(
        site: Path) -> None:
    assert not broken_links(site)


def test_the_home_page_is_the_readme_and_links_the_task_pages(site: Path) -> None:
    home = _read(site / "index.html")
    assert "two-commands" in home.ids
    assert {"docs/install.html", "docs/ingest.html", "docs/verify.html", "docs/reference.html"} <= {
        urlsplit(link).path for link in home.links}


def test_the_link_check_sees_a_missing_page_a_missing_anchor_and_a_load_from_elsewhere(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.html").write_text('<h2 id="here">A</h2><a href="#here">ok</a><a href="b.html">gone</a>'
                                              '<a href="../index.html#nope">no anchor</a>'
                                              '<a href="https://example.org/">a link out</a>'
                                              '<link rel="stylesheet" href="https://fonts.example.org/x.css">')
    (tmp_path / "index.html").write_text('<a href="docs/a.html#here">ok</a>')
    assert broken_links(tmp_path) == ["docs/a.html: b.html names no file of the site",
                                      "docs/a.html: ../index.html#nope names no anchor of index.html",
                                      "docs/a.html: loads https://fonts.example.org/x.css from elsewhere"]
