"""RST (grid, simple) and AsciiDoc (`|===`) tables are a `table` the reader and the proposer read (issue 55, the sixth
held-out check: jenkinsci/jep and PlasmaPy's PLEPs state their status in such a table): samples in
tests/fixtures/plain_tables/ (SOURCES.md says where from; `own_rst`, `own_adoc` are made up here), each read with
provgraph's own proposal as `ingest files` reads it. Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from ingest_run import FIXTURES
from proposal_claims import WHEN

from provgraph import propose_format
from provgraph.ingest.formats import metadata, plain_tables, tables
from provgraph.ingest.formats.declaration import declared
from provgraph.ingest.formats.proposal import Proposal
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.records import IngestOptions, Observation

SAMPLES = FIXTURES / "plain_tables"


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")


def _claims(proposal: Proposal, root: Path, suffix: str) -> dict[str, tuple[str, str | None]]:
    """record path -> (uid, declared word) of each file the proposal reads as a claim, as `ingest files` reads it."""
    table = proposal.store_table()
    fmt = declared({**table["record"], "words": table["words"]}, "proposal")
    found = {}
    for file in sorted(root.rglob("*" + suffix)):
        relpath = file.relative_to(root).as_posix()
        if fmt.is_record_name(relpath) and not fmt.skip_reason(relpath):
            read = read_record(fmt, Version(relpath, WHEN), file.read_bytes(), IngestOptions(store="s"))
            for record in read.records:
                if isinstance(record, Observation) and record.claims:
                    found[relpath] = (record.claims[0].uid, record.claims[0].declared)
    return found


def test_an_rst_grid_table_under_the_title_is_read_field_by_row_a_cell_over_lines_joined() -> None:
    found = metadata.table(_lines(SAMPLES / "pleps" / "PLEP-0008.rst"))
    assert (found["plep"].value, found["status"].value, found["status"].line) == ("8", "accepted", 20)
    assert found["author(s)"].value == "Nicholas A. Murphy, Erik T. Everson, and Dominik Stańczak-Marikin"
    # PLEP-0005 draws its status row one space too wide: still read, as its authors state it
    assert metadata.table(_lines(SAMPLES / "pleps" / "PLEP-0005.rst"))["status"].value == "superseded by `PLEP 8`_"


def test_the_plep_proposal_reads_every_status_as_stated() -> None:
    proposal = propose_format(SAMPLES / "pleps")
    record = proposal.store_table()["record"]
    assert record["metadata"][0] == "table" and record["fields"]["status"] == "status"
    claims = _claims(proposal, SAMPLES / "pleps", ".rst")
    assert {path: word for path, (_, word) in claims.items()} == {
        "PLEP-0001.rst": "accepted", "PLEP-0005.rst": "superseded", "PLEP-0008.rst": "accepted"}


def test_an_asciidoc_table_with_a_cell_a_line_is_read_and_comments_in_it_are_not_cells() -> None:
    found = metadata.table(_lines(SAMPLES / "jep" / "jep" / "220" / "README.adoc"))  # a `//` line inside the table
    assert (found["jep"].value, found["status"].value, found["created"].value) == ("220", "Draft :speech_balloon:", "2019-07-17")


def test_the_first_table_wins_not_a_listing_far_below_that_looks_like_a_markdown_one() -> None:
    # JEP-222: `(while ...) | websocat ...` over an AsciiDoc listing's `----`, 400 lines under the `|===` table
    lines = _lines(SAMPLES / "jep" / "jep" / "222" / "README.adoc")
    assert tables.markdown_rows(lines)  # the listing does read as a Markdown table
    assert tables.table_rows(lines)[0] == (14, ["JEP", "222"])
    assert metadata.table(lines)["status"].value == "Final :lock:"


def test_the_jep_proposal_reads_every_status_as_stated() -> None:
    root = SAMPLES / "jep" / "jep"
    proposal = propose_format(root)
    record = proposal.store_table()["record"]
    assert record["metadata"] == ["table"] and record["fields"]["id"] == "jep" and record["fields"]["status"] == "status"
    assert _claims(proposal, root, ".adoc") == {"201/README.adoc": ("JEP-201", "accepted"),
                                                "220/README.adoc": ("JEP-220", "draft"),
                                                "222/README.adoc": ("JEP-222", "accepted")}  # Final


def test_an_rst_simple_table_is_read_with_its_header_row_and_a_continued_cell() -> None:
    lines = _lines(SAMPLES / "own_rst" / "rfc-0012.rst")
    assert plain_tables.rst_rows(lines)[-1] == (9, ["Authors", "A. Person, B. Person"])
    found = metadata.table(lines)
    assert (found["status"].value, found["rfc"].value) == ("Accepted", "12")  # not the `Rejected` under Abstract
    proposal = propose_format(SAMPLES / "own_rst")
    assert {path: word for path, (_, word) in _claims(proposal, SAMPLES / "own_rst", ".rst").items()} == {
        "rfc-0012.rst": "accepted", "rfc-0013.rst": "rejected", "rfc-0014.rst": "draft"}


def test_an_rst_table_after_the_preamble_is_no_metadata() -> None:
    pep = ["PEP: 8", "Status: Active", "", "Abstract", "========", "", "======  =====", "Status  Draft", "======  ====="]
    assert plain_tables.rst_rows(pep) == []  # a header block, then a section: the table is the section's
    titled = ["Title", "=====", "", "Text.", "", "Motivation", "==========", "", "+----+----+", "| Status | x |", "+----+----+"]
    assert plain_tables.rst_rows(titled) == []


def test_asciidoc_tables_with_several_cells_a_line_are_read_by_columns_from_cols_or_the_first_line() -> None:
    root = SAMPLES / "own_adoc"
    assert metadata.table(_lines(root / "adr-0007.adoc"))["status"].value == "Superseded"  # [cols="3*"]
    assert metadata.table(_lines(root / "adr-0009.adoc"))["title"].value == "Batches of at most ten"  # a cell over two lines
    assert plain_tables.asciidoc_rows(["|===", "|Status |Accepted", "2+|a note", "|===", ]) == [
        (1, ["Status", "Accepted"]), (2, ["a note", ""])]  # `2+|`: a cell over two columns
    proposal = propose_format(root)
    assert proposal.store_table()["record"]["fields"]["status"] == "status"
    assert {path: word for path, (_, word) in _claims(proposal, root, ".adoc").items()} == {
        "adr-0007.adoc": "superseded", "adr-0008.adoc": "accepted", "adr-0009.adoc": "proposed"}
