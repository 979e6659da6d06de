"""A store's day/month order inferred from its own unambiguous dates (issue 22): `01/06/2019` in a log whose other
records say `26/03/2018` reads day-first, with no notice per file; the summary says how the dates were read."""
from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest
from cli_helpers import run as cli
from git_repo import Repo
from ingest_run import run

from provgraph.graph.connection import Graph


def adr(title: str, date: str) -> str:
    return f"# {title}\n\nDate: {date}\n\n## Status\n\nAccepted\n\n## Decision\n\n{title}.\n"


def day(year: int, month: int, day_: int) -> datetime:
    return datetime(year, month, day_, tzinfo=timezone.utc)


def store(folder: Path, dates: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, date in dates.items():
        (folder / name).write_text(adr(name, date))
    return folder


def test_an_ambiguous_date_reads_in_the_order_the_stores_other_dates_show(tmp_path: Path) -> None:
    # the ambiguous file comes first in the walk: it is read once every date of the store is in
    folder = store(tmp_path / "adr", {"0001-a.md": "01/06/2019", "0002-b.md": "26/03/2018", "0003-c.md": "14/07/2019"})
    found = run("files", "default", folder)
    assert not [n for n in found.notices if n.kind == "unparsed_date"]
    assert found.claim("s:0001-a.md").asserted_at == day(2019, 6, 1)
    assert found.claim("s:0002-b.md").asserted_at == day(2018, 3, 26)
    [said] = [n for n in found.notices if n.kind == "date_order"]
    assert "day-first" in said.detail and "26/03/2018" in said.detail and "1 ambiguous date" in said.detail


def test_a_month_first_store_reads_its_ambiguous_dates_month_first(tmp_path: Path) -> None:
    folder = store(tmp_path / "adr", {"0001-a.md": "01/06/2019", "0002-b.md": "3/26/2018"})
    found = run("files", "default", folder)
    assert found.claim("s:0001-a.md").asserted_at == day(2019, 1, 6)
    assert [n.kind for n in found.notices] == ["date_order"]


def test_dates_that_disagree_or_give_no_evidence_still_ask_for_the_order(tmp_path: Path) -> None:
    folder = store(tmp_path / "mixed", {"0001-a.md": "01/06/2019", "0002-b.md": "26/03/2018", "0003-c.md": "3/27/2018"})
    found = run("files", "default", folder)
    [notice] = [n for n in found.notices if n.kind == "unparsed_date"]
    assert "disagree" in notice.detail and "--dayfirst" in notice.detail
    assert found.claim("s:0001-a.md").asserted_at is None
    alone = run("files", "default", store(tmp_path / "alone", {"0001-a.md": "01/06/2019"}))
    [notice] = [n for n in alone.notices if n.kind == "unparsed_date"]
    assert "--dayfirst or --monthfirst" in notice.detail
    assert "no date in the store settles" in next(n.detail for n in alone.notices if n.kind == "date_order")


def test_an_order_the_user_gives_wins_over_the_stores_evidence(tmp_path: Path) -> None:
    folder = store(tmp_path / "adr", {"0001-a.md": "01/06/2019", "0002-b.md": "26/03/2018"})
    found = run("files", "default", folder, options={"date_order": "monthfirst"})
    assert found.claim("s:0001-a.md").asserted_at == day(2019, 1, 6)
    assert found.notices == []


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_git_history_infers_the_order_from_every_version(tmp_path: Path) -> None:
    repo = Repo(tmp_path / "repo")
    repo.write("0001-a.md", adr("A", "01/06/2019"))
    repo.commit("a", "2019-06-02T00:00:00Z")
    repo.write("0002-b.md", adr("B", "26/06/2019"))
    repo.commit("b", "2019-06-27T00:00:00Z")
    found = run("files", "git", repo.root)
    assert not [n for n in found.notices if n.kind == "unparsed_date"]
    assert found.claim("s:0001-a.md").asserted_at == day(2019, 6, 1)


def test_the_ingest_summary_says_how_the_dates_were_read(graph: Graph, tmp_path: Path) -> None:
    folder = store(tmp_path / "adr", {"0001-a.md": "01/06/2019", "0002-b.md": "26/03/2018"})
    result = cli("ingest", "files", str(folder), "--store", "adr")
    assert result.exit_code == 0, result.output
    assert "reading     dates read day-first" in result.output and "unparsed_date" not in result.output
