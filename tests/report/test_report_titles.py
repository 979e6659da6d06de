"""The report names each decision by its id and its title (report.md, report.html); report.json keeps every field it had
and adds the title; report.html's tables fit the window however many rows and however long their values."""
from __future__ import annotations

import json
from pathlib import Path

from provgraph.api import Provgraph
from provgraph.report.model import CHANGE_COLUMNS

ADR1 = "ADR-0001: 1. Use PostgreSQL for the ledger"
ADR3 = "ADR-0003: 3. Move the ledger to an append-only event store"


def test_report_names_a_stale_decision_and_what_replaced_it_by_id_and_title(story: Provgraph, tmp_path: Path) -> None:
    story.report(tmp_path, record=False)
    markdown = (tmp_path / "report.md").read_text()
    row = next(line for line in markdown.splitlines() if line.startswith(f"| {ADR1} |"))  # the claim's id and title
    assert f"| {ADR3} |" in row  # and its successor's
    assert f"### {ADR1}" in markdown  # the lineage heading
    page = (tmp_path / "report.html").read_text()
    assert f"<td>{ADR1}</td>" in page and f"<td>{ADR3}</td>" in page


def test_report_json_keeps_the_change_fields_and_adds_the_title(story: Provgraph, tmp_path: Path) -> None:
    story.report(tmp_path, record=False)
    stale = json.loads((tmp_path / "report.json").read_text())["changes"]["new-stale"]
    row = next(r for r in stale if r["claim"] == "ADR-0001")
    assert row["title"] == "1. Use PostgreSQL for the ledger"
    assert row["successors"] == "ADR-0003"  # ids stay ids: a script reading report.json sees what it saw before
    assert set(CHANGE_COLUMNS) - {"change"} <= set(row)


def test_report_html_fits_the_window_at_1100_px_a_wide_table_scrolling_in_its_box(story: Provgraph, tmp_path: Path, page) -> None:
    story.report(tmp_path, record=False)
    page.goto((tmp_path / "report.html").as_uri())
    width = page.evaluate("() => document.documentElement.scrollWidth")
    wide = page.evaluate("""() => Array.from(document.querySelectorAll('table, figure, pre, p'))
        .filter(e => e.getBoundingClientRect().right > 1100)
        .map(e => e.tagName + ' after ' + (e.previousElementSibling || {}).textContent + ': ' + e.textContent.slice(0, 200))""")
    assert width <= 1100, f"report.html is {width} px wide in an 1100 px window: {wide}"
