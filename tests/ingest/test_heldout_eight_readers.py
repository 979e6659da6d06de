"""What the eighth held-out check (issue 55, bench/HISTORY.md "An eighth fresh check") found in the readers, as
general rules on small samples written here (tests/fixtures/heldout8/, SOURCES.md): an empty value does not win
over a later place's, a key stated twice in front matter is a notice, an RST list-table is a table. Pure (no
database)."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from ingest_run import FIXTURES
from proposal_claims import read_as_claims

from provgraph import propose_format
from provgraph.ingest.formats import metadata, plain_tables
from provgraph.ingest.formats.declaration import declared
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.records import IngestOptions, Notice, Observation

WHEN = datetime(2026, 1, 1, tzinfo=timezone.utc)
FRONT_THEN_TABLE = {"metadata": ["front-matter", "table"], "id": "XIP{id}", "words": {"adopted": "accepted"},
                    "fields": {"id": "xip", "status": "status"}}


def _read(lines: list[str], fmt: dict[str, object]) -> tuple[Observation, list[object]]:
    read = read_record(declared(fmt), Version("XIP7.md", WHEN), "\n".join(lines).encode(), IngestOptions(store="s"))
    observed = next(record for record in read.records if isinstance(record, Observation))
    return observed, [record for record in read.records if not isinstance(record, Observation)]


def _table(status: str) -> list[str]:
    return ["# Seven", "", "|XIP |7 |", "| :--- |:---|", f"|**Status** |{status} |", "", "# Abstract", "", "Text."]


def test_an_empty_value_in_an_earlier_place_does_not_hide_a_later_places_value() -> None:
    lines = ["---", "xip: 7", "status:", "---", *_table("Adopted")]
    observed, others = _read(lines, FRONT_THEN_TABLE)
    (claim,) = observed.claims
    assert (claim.uid, claim.declared, claim.status_line) == ("XIP7", "accepted", 9)
    assert others == []  # nothing stated twice: no notice


def test_a_value_in_an_earlier_place_still_wins_over_a_later_places() -> None:
    lines = ["---", "xip: 7", "status: Draft", "---", *_table("Adopted")]
    assert _read(lines, FRONT_THEN_TABLE)[0].claims[0].declared == "draft"


def test_a_key_stated_twice_in_front_matter_the_second_time_empty_reads_the_stated_value_with_a_notice() -> None:
    lines = ["---", "xip: 7", "status: Adopted", "layer: Core", "status: ", "---", "", "# Seven", "", "Text."]
    observed, others = _read(lines, {**FRONT_THEN_TABLE, "metadata": ["front-matter"]})
    (claim,) = observed.claims
    assert (claim.declared, claim.status_line) == ("accepted", 3)
    (notice,) = others
    assert isinstance(notice, Notice) and (notice.kind, notice.subject) == ("unread_metadata", "XIP7.md")
    assert "`status` on lines 3, 5" in notice.detail and "line 3's value read" in notice.detail


def test_a_key_stated_twice_in_front_matter_with_two_values_reads_the_last_as_yaml_does_and_says_so() -> None:
    lines = ["---", "Status: Draft", "title: Seven", "status: Adopted", "---"]
    try:
        metadata.front_matter(lines)
    except metadata.PartlyRead as partly:
        assert (partly.fallback["status"].value, partly.fallback["status"].line) == ("Adopted", 4)
        assert "`status` on lines 2, 4: line 4's value read (the last, as YAML reads it)" in partly.reason
    else:
        raise AssertionError("a key stated twice is not read silently")


def test_front_matter_with_each_key_once_is_read_as_before() -> None:
    lines = ["---", "status: Draft", "title: Seven", "---"]
    assert {name: found.value for name, found in metadata.front_matter(lines).items()} == {"status": "Draft", "title": "Seven"}


LIST_TABLES = FIXTURES / "heldout8" / "list_tables"


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")


def test_an_rst_list_table_under_the_title_is_read_field_by_row_a_list_in_a_cell_joined() -> None:
    found = metadata.table(_lines(LIST_TABLES / "lep-0002.rst"))
    assert {name: (field.value, field.line) for name, field in found.items()} == {
        "lep": (":ref:`LEP-2 Lamp Colours`", 9), "title": ("Lamp Colours", 11),
        "authors": ("* Ada Example <ada@example.org> * Bo Example", 13), "status": ("Replaced", 16),
        "created": ("2021-05-06", 18)}


def test_a_list_table_ends_where_its_directive_s_body_does_and_one_after_a_section_is_body_text() -> None:
    table = [".. list-table::", "   :header-rows: 0", "", "   * - Status", "     - Accepted", "   * - Created", "     -",
             "", "Accepted lamps glow."]
    assert plain_tables.rst_rows(["T", "===", "", *table]) == [(6, ["Status", "Accepted"]), (8, ["Created", ""])]
    assert plain_tables.rst_rows(["T", "===", "", "Abstract", "--------", "", *table]) == []


def test_the_proposal_for_a_log_of_list_tables_and_grid_tables_reads_every_status_as_stated() -> None:
    proposal = propose_format(LIST_TABLES)
    record = proposal.store_table()["record"]
    assert record["metadata"][0] == "table" and record["fields"]["status"] == "status"
    assert {path: word for path, (_, word) in read_as_claims(proposal, LIST_TABLES, ".rst").items()} == {
        "lep-0001.rst": "accepted", "lep-0002.rst": "superseded", "lep-0003.rst": "draft",
        "lep-0004.rst": "accepted", "lep-0005.rst": "on-hold"}


INDENTED = FIXTURES / "heldout8" / "indented_headers"
LIP = {"metadata": ["header-block", "file-name"], "id": "LIP{id:03}", "fields": {"id": "file-number", "status": "status"}}


def test_a_header_block_mostly_of_fields_is_read_and_its_other_line_left_out_is_said() -> None:
    try:
        metadata.header_block(_lines(INDENTED / "003.md"))
    except metadata.PartlyRead as partly:
        assert {name: (found.value, found.line) for name, found in partly.fallback.items()} == {
            "lip003": ("Lamp cords", 1), "date": ("2020-03-04", 3), "status": ("rejected", 4)}
        assert partly.line == 2 and "`Submitted by Cy Example`" in partly.reason
    else:
        raise AssertionError("a line left out of a header block is said")


def test_every_indented_header_is_read_whatever_line_in_it_is_no_field_each_such_line_a_notice() -> None:
    words, notices = {}, {}
    for file in sorted(INDENTED.glob("*.md")):
        read = read_record(declared(LIP), Version(file.name, WHEN), file.read_bytes(), IngestOptions(store="s"))
        (observed,) = [record for record in read.records if isinstance(record, Observation)]
        words[observed.claims[0].uid] = observed.claims[0].declared
        notices.update((file.name, record.detail) for record in read.records if isinstance(record, Notice))
    assert words == {"LIP001": "accepted", "LIP002": "draft", "LIP003": "rejected", "LIP004": "accepted",
                     "LIP005": "withdrawn", "LIP006": "accepted"}
    assert {name: detail.rsplit("(line ", 1)[1] for name, detail in notices.items()} == {
        "002.md": "1)", "003.md": "2)", "004.md": "3)", "005.md": "1)"}
    assert "`LIP005 (LIP002 Counter): Two switches`" in notices["005.md"]


def test_the_proposal_for_indented_headers_reads_the_header_block_not_a_pattern() -> None:
    proposal = propose_format(INDENTED)
    record = proposal.store_table()["record"]
    assert "header-block" in record["metadata"] and record["fields"]["status"] == "status" and "patterns" not in record
    assert {path: word for path, (_, word) in read_as_claims(proposal, INDENTED).items()} == {
        "001.md": "accepted", "002.md": "draft", "003.md": "rejected", "004.md": "accepted", "005.md": "withdrawn",
        "006.md": "accepted"}


def test_prose_at_the_top_with_a_colon_in_some_lines_is_no_header_block_past_its_first_fields() -> None:
    prose = ["Note: these lamps are old.", "They were bought in 1990 and", "still work: mostly.", "Nobody minds.",
             "", "Status: Draft"]
    assert {name: found.value for name, found in metadata.header_block(prose).items()} == {"note": "these lamps are old."}
    three = ["Lamps: old", "Bought in 1990", "Status: Draft", "", "Text."]  # two fields of three: not mostly
    assert {name: found.value for name, found in metadata.header_block(three).items()} == {"lamps": "old"}
