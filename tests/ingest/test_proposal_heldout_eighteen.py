"""The eighteenth fresh check's proposal defects (issue 55), on samples of our own: a file named by its path whose
status the chosen field already gives adds no second status field (CAIPs' `type`); a `Label: value` pattern reads
the value to its line's end, so that a template's choice (Ark's AIP-103 `Status: *Draft | Active*`) is a placeholder,
not its first word. Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from provgraph import propose_format
from provgraph.ingest import placeholders
from provgraph.ingest.formats.declaration import compiled
from provgraph.ingest.formats.patterns import patterned
from provgraph.ingest.formats.proposal.evidence import pattern_for

MD = ".md"  # kept apart: the docs test reads a quoted name ending .md as a file of the repository


def _front_matter(number: str, status: str) -> str:
    return f"---\ncaip: {number}\ntitle: Change {number}\nstatus: {status}\ntype: Standard\n---\n\n# Change\n\nText.\n"


def test_a_file_named_by_its_path_whose_status_the_chosen_field_gives_adds_no_second_status_field(tmp_path: Path) -> None:
    for number in range(1, 5):
        (tmp_path / f"caip-{number}{MD}").write_text(_front_matter(str(number), "Final"), encoding="utf-8")
    (tmp_path / f"caip-draft_wallet{MD}").write_text(_front_matter("CAIP-X", "Draft"), encoding="utf-8")
    proposal = propose_format(tmp_path)
    assert proposal.record["fields"]["status"] == "status"  # `type: Standard` is no fallback status
    assert f"caip-draft_wallet{MD}" in proposal.record["records"] and proposal.counts.records == 5


def _aip(number: int, status: str, fenced: bool) -> str:
    opening, closing = ("---", "---") if fenced else ("<pre>", "</pre>")
    return f"{opening}\n  AIP: *{number}*\n  Title: *Change {number}*\n  Status: {status}\n{closing}\n\n# Change\n\nText.\n"


def test_a_pattern_reads_a_template_s_choice_whole_and_the_file_is_no_record(tmp_path: Path) -> None:
    for number in range(1, 4):
        (tmp_path / f"aip-{number}{MD}").write_text(_aip(number, "Draft", fenced=False), encoding="utf-8")
    for number in range(4, 7):
        (tmp_path / f"aip-{number}{MD}").write_text(_aip(number, "*Draft*", fenced=True), encoding="utf-8")
    template = _aip(7, "*Draft | Active*", fenced=True)
    (tmp_path / f"aip-7{MD}").write_text(template, encoding="utf-8")
    proposal = propose_format(tmp_path)
    assert proposal.counts.records == 6
    read = patterned(template.splitlines(), {"status": compiled(proposal.record["patterns"]["status"])})
    assert read["status"].value == "Draft | Active" and placeholders.placeholder(read["status"].value)


def test_a_pattern_reads_the_value_to_its_line_s_end_with_the_markup_around_it_aside() -> None:
    lines = ["**Status:** *Superseded by adr_0012*  ", "Type: Standard"]
    assert patterned(lines, {"status": compiled(pattern_for("status"))})["status"].value == "Superseded by adr_0012"
