"""A rebuild reads only the decisions that changed, yet writes exactly the site a full build of the same graph writes:
after every kind of change the story can undergo (a status, a dismissed suspect, a lineage link, a new night's
ingest, a new citation, a revocation) the incrementally rebuilt folder equals, byte for byte, a site built from
nothing at the same instant."""
from __future__ import annotations

import json
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from provgraph.api import Provgraph
from provgraph.graph.connection import Graph
from provgraph.site import build as site_build, changes
from provgraph.site.layout import decision_href
from provgraph.site.writer import MANIFEST

STORY = Path(__file__).resolve().parents[2] / "examples" / "story"


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.is_file() and path.name != MANIFEST}


def _same_as_a_full_build(pg: Provgraph, site: Path, scratch: Path,
                          at: datetime | None = None) -> site_build.SiteResult:
    """Rebuild `site` and build a new folder from nothing at the same instant (`at`, default now); both trees (and
    what their manifests say of each file and page) must be equal. Returns the rebuild's result."""
    at = at or datetime.now(timezone.utc)
    rebuilt = pg.site(site, at=at)
    full = scratch / f"full-{at.timestamp()}"
    whole = pg.site(full, at=at)
    assert whole.decisions_read == whole.decisions == rebuilt.decisions
    ours, theirs = _tree(site), _tree(full)
    assert sorted(ours) == sorted(theirs)
    assert [path for path in ours if ours[path] != theirs[path]] == []
    mine, other = (json.loads((folder / MANIFEST).read_text()) for folder in (site, full))
    assert mine["files"] == other["files"] and mine["decisions"] == other["decisions"]
    assert mine["state"] == other["state"]
    return rebuilt


@pytest.fixture
def story_graph(graph: Graph) -> Provgraph:
    pg = Provgraph(graph)
    pg.ingest_config(STORY / "provgraph.toml")
    pg.scan([STORY / "src"], config=STORY / "provgraph.toml")
    return pg


def test_a_rebuild_after_each_kind_of_change_equals_a_full_build_byte_for_byte(
        story_graph: Provgraph, tmp_path: Path) -> None:
    pg, site = story_graph, tmp_path / "site"
    first = pg.site(site)
    assert first.decisions_read == first.decisions
    unchanged = _same_as_a_full_build(pg, site, tmp_path)
    assert unchanged.decisions_read == 0 and unchanged.pages_rendered == 0

    kept = pg.adjudicate("acme/payments#61", "PAY-210", scope="org/acme/payments", why="site test")
    changed = _same_as_a_full_build(pg, site, tmp_path)
    assert 2 <= changed.decisions_read < changed.decisions
    assert "STALE" in (site / decision_href("PAY-210", 0)).read_text()

    suspects_before = (site / decision_href("PAY-220", 0)).read_text()
    assert "PAY-231 may revise PAY-220" in suspects_before  # the story's unlinked revision, a suspect
    pg.distinguish("PAY-220", "PAY-231", why="site test: not the same matter")
    _same_as_a_full_build(pg, site, tmp_path)
    assert "PAY-231 may revise PAY-220" not in (site / decision_href("PAY-220", 0)).read_text()

    pg.link("dec-2", "ADR-0003", "relates", why="site test: a lineage link")
    _same_as_a_full_build(pg, site, tmp_path)

    pg.ingest_cards(STORY / "next-night" / "board.jsonl", store="board")
    night = _same_as_a_full_build(pg, site, tmp_path)
    assert night.decisions > first.decisions  # the next night's card is new

    code = tmp_path / "code"
    code.mkdir()
    (code / "vault.py").write_text("# tokens stay in vault v1, as ADR-0002 says\n", encoding="utf-8")
    pg.scan([code], store="more-code", config=STORY / "provgraph.toml")
    cited = _same_as_a_full_build(pg, site, tmp_path)
    # a citation is no write to the claim: only the pages it changes are read again
    assert cited.pages_rendered >= 1 and cited.decisions_read == cited.pages_rendered
    assert "vault.py" in (site / decision_href("ADR-0002", 0)).read_text()

    pg.revoke(kept.adjudication)
    _same_as_a_full_build(pg, site, tmp_path)
    assert "STALE" not in (site / decision_href("PAY-210", 0)).read_text().split("<h2", 1)[0]


def test_a_failed_rebuild_leaves_the_previous_site_and_its_manifest_whole(
        story_graph: Provgraph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pg, site = story_graph, tmp_path / "site"
    pg.site(site)
    before = {path: path.read_bytes() for path in site.rglob("*") if path.is_file()}
    kept = pg.adjudicate("acme/payments#61", "PAY-210", scope="org/acme/payments", why="site test")

    def broken(*_: object) -> str:
        raise RuntimeError("rendering failed half way")

    switching = sys.getswitchinterval()
    with monkeypatch.context() as patch:
        patch.setattr(site_build, "decision_page", broken)
        with pytest.raises(RuntimeError):
            pg.site(site)
    assert {path: path.read_bytes() for path in site.rglob("*") if path.is_file()} == before
    assert sys.getswitchinterval() == switching  # a library leaves the process's settings as it found them
    pg.revoke(kept.adjudication)
    after = _same_as_a_full_build(pg, site, tmp_path)  # the next build starts from the site the last good one left
    assert 2 <= after.decisions_read < after.decisions


def test_a_rebuild_after_decisions_are_gone_equals_a_full_build_and_removes_their_pages(
        story_graph: Provgraph, tmp_path: Path) -> None:
    pg, site = story_graph, tmp_path / "site"
    first = pg.site(site)
    pg.reset()  # claims are never deleted one by one: a wiped graph, then one store read again
    pg.ingest_files(STORY / "adr", store="adr", scope="org/acme")
    now = {row.claim for row in pg.iter_status()}
    gone = set(json.loads((site / MANIFEST).read_text())["decisions"]) - now
    assert gone and "ADR-0002" not in gone
    rebuilt = _same_as_a_full_build(pg, site, tmp_path)
    assert rebuilt.decisions == len(now) < first.decisions and rebuilt.files_removed >= len(gone)
    assert not any((site / decision_href(uid, 0)).exists() for uid in gone)


def test_a_rebuild_reads_a_claim_whose_stored_status_was_marked_stale_since_though_no_time_says_so(
        story_graph: Provgraph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A rebuild seeks the claims a write stored a status for since the last build; marking a stored status stale
    (as a write does for a claim too deep to store again) stores no time: the count of claims without a stored status
    tells the rebuild, which then reads every claim's mark and reads that claim again."""
    monkeypatch.setattr(changes, "SEEK_MARGIN_US", 0)  # else the story's writes, minutes old, are all sought
    pg, site = story_graph, tmp_path / "site"
    pg.site(site)
    assert pg.site(site).decisions_read == 0
    pg.graph.write("status_mark_stale", {"claims": ["ADR-0002"]})
    rebuilt = _same_as_a_full_build(pg, site, tmp_path)
    assert rebuilt.decisions_read >= 1


def test_a_rebuild_after_a_build_as_of_a_later_instant_finds_the_writes_made_in_between(
        story_graph: Provgraph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write stores its own clock's time: after a build as of two hours from now, the seek starts from when that
    build was written, not from the instant it was built as of."""
    monkeypatch.setattr(changes, "SEEK_MARGIN_US", 0)
    pg, site = story_graph, tmp_path / "site"
    later = datetime.now(timezone.utc) + timedelta(hours=2)
    pg.site(site, at=later)
    pg.adjudicate("acme/payments#61", "PAY-210", scope="org/acme/payments", why="site test")
    rebuilt = _same_as_a_full_build(pg, site, tmp_path, at=later + timedelta(seconds=1))
    assert rebuilt.decisions_read >= 2


def test_a_rebuild_after_a_link_and_a_dismissal_come_into_force_without_a_write_equals_a_full_build(
        story_graph: Provgraph, tmp_path: Path) -> None:
    """An adjudication dated a little later comes into force with no write then: the rebuild after that instant
    draws the link it makes and drops the suspect it dismisses (suspects are judged now), as a build from nothing
    does, though no claim's mark changed."""
    pg, site = story_graph, tmp_path / "site"
    soon = datetime.now(timezone.utc) + timedelta(seconds=20)
    pg.link("dec-2", "ADR-0003", "relates", why="site test: a link from soon on", at=soon)
    pg.distinguish("PAY-220", "PAY-231", why="site test: dismissed from soon on", at=soon)
    before = _same_as_a_full_build(pg, site, tmp_path)
    assert datetime.now(timezone.utc) < soon, "the first builds took longer than the test allows"
    assert "PAY-231 may revise PAY-220" in (site / decision_href("PAY-220", 0)).read_text()
    drawn_before = (site / decision_href("dec-2", 0)).read_text()

    time.sleep((soon - datetime.now(timezone.utc)).total_seconds() + 0.5)
    after = _same_as_a_full_build(pg, site, tmp_path)
    assert "PAY-231 may revise PAY-220" not in (site / decision_href("PAY-220", 0)).read_text()
    assert (site / decision_href("dec-2", 0)).read_text() != drawn_before  # the link is drawn now
    assert after.decisions_read < after.decisions == before.decisions


def test_a_rebuild_after_only_the_suspects_of_a_page_with_a_picture_changed_equals_a_full_build(
        story_graph: Provgraph, tmp_path: Path) -> None:
    # the pictures are drawn while the suspects are read, for the pages that change whatever the suspects are: a page
    # whose suspects alone changed is rendered after, and its picture drawn then
    pg, site = story_graph, tmp_path / "site"
    pg.link("PAY-220", "PAY-210", "depends_on", why="site test: PAY-220 rests on PAY-210, a lineage picture")
    pg.site(site)
    assert "PAY-231 may revise PAY-220" in (site / decision_href("PAY-220", 0)).read_text()
    pg.distinguish("PAY-220", "PAY-231", why="site test: not the same matter")
    rebuilt = _same_as_a_full_build(pg, site, tmp_path)
    page = (site / decision_href("PAY-220", 0)).read_text()
    assert "PAY-231 may revise PAY-220" not in page and '<figure class="picture">' in page
    assert rebuilt.pictures >= 1
