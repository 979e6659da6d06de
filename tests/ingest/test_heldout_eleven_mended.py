"""The defects the eleventh held-out check found (issue 55, bench/HISTORY.md "The eleventh check's defects mended"),
each as a general rule on samples written here in lines of our own (tests/fixtures/heldout11_mended/, SOURCES.md).
Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from proposal_claims import MD, WHEN, read_as_claims

from provgraph import propose_format
from provgraph.ingest import lifecycle
from provgraph.ingest.formats import headings, metadata
from provgraph.ingest.formats.declaration import declared
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.records import IngestOptions, Observation
from provgraph.ingest.word_readings import WordTally

MENDED = Path(__file__).resolve().parents[1] / "fixtures" / "heldout11_mended"
RST = ".rst"


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")


def _values(found: metadata.Fields) -> dict[str, object]:
    return {name: field.value for name, field in found.items()}


def test_an_rst_literal_block_opening_the_file_is_a_header_blocks_opener() -> None:
    found = metadata.TEXT_READERS["header-block"](_lines(MENDED / "literal" / "1003-twin-wicks.rst"))
    assert _values(found) == {"status": "Accepted", "type": "Feature", "created": "2023-07-08", "authors": "Cy Glow",
                              "supersedes": "LRFC 1001"}
    assert found["status"].line == 3
    proposal = propose_format(MENDED / "literal")
    record = proposal.store_table()["record"]
    assert record["metadata"] == ["header-block", "file-name"] and "patterns" not in record
    assert record["fields"]["supersedes"] == "supersedes" and record["fields"]["date"] == "created"
    claims = {path: word for path, (_, word) in read_as_claims(proposal, MENDED / "literal", RST).items()}
    assert claims == {"1001-wicks.rst": "accepted", "1002-shades.rst": "draft", "1003-twin-wicks.rst": "accepted"}


def test_a_task_lists_ticked_item_is_the_status_under_a_label_or_a_heading() -> None:
    labelled = metadata.TEXT_READERS["lines"](_lines(MENDED / "ticked" / "LAMP_002.md"))
    assert labelled["status"] == metadata.Field("Rejected", 10) and labelled["lamp id"].value == "002"
    headed = headings.heading_fields(_lines(MENDED / "ticked" / "LAMP_003.md"), frozenset({"status"}))
    assert headed["status"] == metadata.Field("Integrated", 11)


def test_an_unticked_box_is_never_the_status_and_no_box_ticked_states_none() -> None:
    unticked = metadata.TEXT_READERS["lines"](_lines(MENDED / "ticked" / "LAMP_005.md"))
    assert unticked["status"].value == ""
    ticked_twice = ["## Status", "", "- [x] Accepted", "- [ ] Rejected", "- [x] Integrated"]
    assert headings.heading_fields(ticked_twice, frozenset({"status"}))["status"].value == ""
    assert headings.heading_fields(["## Status", "", "- [ ] Active", "- [x] Rejected"],
                                   frozenset({"status"}))["status"].value == "Rejected"


def test_a_task_list_log_is_proposed_and_read_by_its_ticked_items() -> None:
    assert lifecycle.canonical("Integrated") == "accepted"
    proposal = propose_format(MENDED / "ticked")
    assert proposal.store_table()["record"]["metadata"] == ["lines", "headings"]
    claims = {path: word for path, (_, word) in read_as_claims(proposal, MENDED / "ticked", MD).items()}
    assert claims == {"LAMP_001.md": "accepted", "LAMP_002.md": "rejected", "LAMP_003.md": "accepted",
                      "LAMP_004.md": "accepted"}  # LAMP_005 ticks no box: a source only, counted


def test_a_templates_instruction_over_a_list_is_no_value_and_its_one_item_is() -> None:
    one = headings.heading_fields(_lines(MENDED / "instructed" / "LEP-0004.rst"), frozenset({"status"}))
    assert one["status"] == metadata.Field("Implemented in lamp-3.0 PR12", 16)
    several = headings.heading_fields(_lines(MENDED / "instructed" / "LEP-0005.rst"), frozenset({"status"}))
    assert several["status"].value == ""  # the template's choices kept: no status stated
    stated = headings.heading_fields(["Status", "------", "", "Accepted with these changes:", "", "- shorter wicks"],
                                     frozenset({"status"}))
    assert stated["status"].value == "Accepted with these changes:"


def _tally(root: Path, suffix: str) -> WordTally:
    fmt = declared({"records": ["LEP-[0-9]*.rst"], "metadata": ["headings"], "fields": {"status": "Status"}}, "s")
    tally = WordTally()
    for file in sorted(root.glob("*" + suffix)):
        read = read_record(fmt, Version(file.name, WHEN), file.read_bytes(), IngestOptions(store="s"))
        for record in read.records:
            if isinstance(record, Observation):
                tally.observe(record)
    return tally


def test_in_progress_is_contested_and_flagged_when_read_by_the_default() -> None:
    assert lifecycle.CONTESTED["in progress"][1] == "accepted"
    assert "work in progress" not in lifecycle.CONTESTED  # a longer phrase is read as its own
    (word,) = [word for word in propose_format(MENDED / "instructed").words if word.phrase == "in progress"]
    assert word.reads_as == "proposed" and "(the other reading: accepted)" in (word.unsure or "")
    readings = {word.phrase: word for word in _tally(MENDED / "instructed", RST).read().words}
    told = readings["in progress"].text()
    assert "--word 'in progress=accepted'" in told and '[store.words] "in progress" = "accepted"' in told


def test_a_diagram_in_a_code_fence_and_a_list_of_records_define_no_word() -> None:
    words = {word.phrase: word for word in propose_format(MENDED / "drawn").words}
    withdrawn = words["withdrawn"].definition
    assert withdrawn is not None and withdrawn.where == "README.md:18"
    assert words["accepted"].definition is None  # `### Accepted` over the list of accepted RFCs defines nothing


def test_an_rst_title_adorned_with_tildes_opens_no_code_fence(tmp_path: Path) -> None:
    (tmp_path / "README.rst").write_text("Lamp process\n============\n\nStatuses\n~~~~~~~~\n\n- **Accepted**: The LEP is "
                                         "accepted and in force.\n", encoding="utf-8")
    for number, status in enumerate(("Accepted", "Accepted", "Draft"), start=1):
        (tmp_path / f"lep-{number}.md").write_text(f"# LEP {number}\n\nstatus: {status}\n", encoding="utf-8")
    words = {word.phrase: word for word in propose_format(tmp_path).words}
    accepted = words["accepted"].definition
    assert accepted is not None and accepted.where == "README.rst:7"
