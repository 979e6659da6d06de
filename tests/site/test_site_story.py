"""`provgraph site` over the demo story: every decision has a page at its id, a retired one names what replaced it
first, every link of the site resolves, the feeds are Atom, and a rebuild writes only what changed."""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from cli_helpers import run
from site_helpers import broken_links

from provgraph.api import Provgraph
from provgraph.site import build as site_build
from provgraph.site.layout import decision_href



def test_every_decision_has_a_page_at_its_id(story: Provgraph, story_site: Path) -> None:
    uids = [row.claim for row in story.iter_status()]
    assert uids and all((story_site / decision_href(uid, 0)).is_file() for uid in uids)
    assert (story_site / "d" / "ADR-0001.html").is_file()  # an id of safe characters is its own file name


def test_a_retired_decision_names_what_replaced_it_before_anything_else(story_site: Path) -> None:
    text = (story_site / "d" / "ADR-0001.html").read_text()
    main = text.split('<main id="main">', 1)[1]
    banner = main.index('class="banner retired"')
    assert banner < main.index("<h2")  # above every section: the first thing read after the title
    assert re.search(r'No longer in force since 2025-09-01\.</strong> superseded by <a href="[^"]*ADR-0003\.html">'
                     r'ADR-0003: 3\. Move the ledger to an append-only event store</a>',
                     main)
    assert "ADR-0001: 1. Use PostgreSQL for the ledger" in main  # the id and the title


def test_every_link_of_the_site_resolves(story_site: Path) -> None:
    assert broken_links(story_site) == []


def test_home_counts_statuses_and_lists_retired_decisions_still_cited(story: Provgraph, story_site: Path) -> None:
    home = (story_site / "index.html").read_text()
    counts = dict.fromkeys(("ACTIVE", "STALE", "CONFLICT", "UNKNOWN"), 0)
    for row in story.iter_status():
        counts[row.status] += 1
    for status, count in counts.items():
        assert f'<span class="badge s-{status.lower()}">{status}</span> <strong>{count}</strong>' in home
    cited = home.split('id="cited-h"', 1)[1].split("</section>", 1)[0]
    assert "ADR-0001" in cited  # examples/story/src cites the retired ADR-0001


def test_the_feeds_are_atom_with_one_entry_per_status_change(story: Provgraph, story_site: Path) -> None:
    atom = "{http://www.w3.org/2005/Atom}"
    root = ET.parse(story_site / "feed.atom").getroot()
    titles = [entry.findtext(f"{atom}title") for entry in root.iter(f"{atom}entry")]
    assert any(t and t.startswith("ADR-0001: 1. Use PostgreSQL for the ledger: STALE (SUPERSEDED)") for t in titles)
    stores = {row.source.split(":", 1)[0] for row in story.iter_status() if row.source}
    for store in stores:
        assert ET.parse(story_site / "feeds" / f"{store}.atom").getroot().tag == f"{atom}feed"


def test_a_rebuild_renders_only_the_pages_whose_decision_changed(story: Provgraph, tmp_path: Path) -> None:
    first = story.site(tmp_path)
    assert first.pages_rendered == first.decisions and first.pages_kept == 0
    again = story.site(tmp_path)
    assert again.pages_rendered == 0 and again.files_written == 0
    decision = story.adjudicate("acme/payments#61", "PAY-210", scope="org/acme/payments", why="site test")
    try:
        after = story.site(tmp_path)
        # the two rivals changed status; their neighbours' pages show their statuses; nothing else is rendered
        assert 2 <= after.pages_rendered < after.decisions
        assert "STALE" in (tmp_path / decision_href("PAY-210", 0)).read_text()
    finally:
        story.revoke(decision.adjudication)


def test_a_failed_build_leaves_the_previous_site_whole(story: Provgraph, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    story.site(tmp_path)
    before = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}

    def broken(*_: object) -> str:
        raise RuntimeError("rendering failed half way")

    monkeypatch.setattr(site_build, "decision_page", broken)
    (tmp_path / ".provgraph-site.json").write_text(json.dumps({"files": {}}))  # force every page to be rendered again
    before[tmp_path / ".provgraph-site.json"] = (tmp_path / ".provgraph-site.json").read_bytes()
    with pytest.raises(RuntimeError):
        story.site(tmp_path)
    assert {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()} == before


def test_site_command_prints_what_it_built_and_json_for_scripts(story: Provgraph, tmp_path: Path) -> None:
    result = run("site", "--out", str(tmp_path), "--output", "json")
    assert result.exit_code == 0, result.output
    built = json.loads(result.stdout)
    assert built["decisions"] == len(list(story.iter_status())) and built["pages_rendered"] == built["decisions"]
    text = run("site", "--out", str(tmp_path))
    assert text.exit_code == 0 and "0 decision page(s) rendered" in text.stdout and "index.html" in text.stdout
