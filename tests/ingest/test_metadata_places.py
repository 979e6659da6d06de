"""Where a record keeps its metadata (provgraph/ingest/formats/metadata.py): the rules each reader follows when the
block is not where the simplest file puts it, the places a declaration names (a block, name: value lines, a heading,
a section, a pattern), and a declaration's own records over its preset's skips. Pure."""
from __future__ import annotations

import pytest
from ingest_run import FIXTURES

from provgraph.base.errors import UsageError
from provgraph.ingest.formats import declaration, headings, metadata, patterns
from provgraph.ingest.formats.declaration import declared

FIELDS = FIXTURES / "declared_places"


def _values(found: metadata.Fields) -> dict[str, object]:
    return {name: field.value for name, field in found.items()}


def test_a_header_block_in_a_code_fence_at_the_top_is_read() -> None:
    lines = ["```", "  BIP: 3", "  Status: Deployed", "```", "", "## Abstract"]
    assert _values(metadata.header_block(lines)) == {"bip": "3", "status": "Deployed"}


def test_a_header_block_in_pre_after_prose_is_read_when_it_comes_before_the_second_heading() -> None:
    prose = ["RECENT CHANGES:", "* (16 Apr 2013) Added private derivation", ""]
    block = ["<pre>", "  BIP: 32", "  Status: Deployed", "</pre>"]
    assert _values(metadata.header_block([*prose, *block]))["status"] == "Deployed"
    assert _values(metadata.header_block([*prose, "==Abstract==", *block]))["status"] == "Deployed"  # under the title
    assert "status" not in _values(metadata.header_block([*prose, "==Abstract==", "x", "==Motivation==", *block]))


def test_a_header_block_at_the_top_wins_over_a_later_pre_block() -> None:
    lines = ["PEP: 8", "Status: Active", "", "<pre>", "Status: Draft", "</pre>"]
    assert _values(metadata.header_block(lines))["status"] == "Active"


def test_an_rst_field_list_after_a_directive_and_split_by_blank_lines_is_read_whole() -> None:
    lines = ["NEP 13", "======", "", ".. currentmodule:: numpy", "", ":Author: A", ":Date: 2013-07-10", "",
             ":Author: B", "", ":Status: Final", "", "Summary", "=======", "", ":Status: Draft"]
    assert _values(metadata.field_list(lines)) == {"author": "A", "date": "2013-07-10", "status": "Final"}


def test_the_first_markdown_table_gives_fields_by_its_first_column_with_or_without_outer_pipes() -> None:
    piped = ["# Title", "", "| Status | Accepted |", ":--- | :--- |", "| **Created** | 2018-05-07 |", "", "x | y"]
    bare = ["# Title", "", "Status        | Proposed", ":------------ | :---", "**Updated**   | 2018-08-24"]
    assert _values(metadata.table(piped)) == {"status": "Accepted", "created": "2018-05-07"}
    assert _values(metadata.table(bare)) == {"status": "Proposed", "updated": "2018-08-24"}
    assert metadata.table(["# Title", "", "## Body", "| Status | x |", "|---|---|"]) == {}


def test_a_declarations_own_records_are_read_though_the_preset_skips_files_of_that_name() -> None:
    own = declared({"records": ["CIP-*/README.md"], "metadata": ["front-matter"]})
    assert own.skip_reason("CIP-0010/README.md") is None
    assert declared({}).skip_reason("docs/README.md") == "index page"
    assert declared({"records": ["*.md"], "skip": {"index page": ["readme.md"]}}).skip_reason("README.md") == "index page"


def test_a_preamble_fence_under_a_preamble_heading_is_read_only_within_that_section() -> None:
    lines = (FIELDS / "caps" / "core" / "cap-0001.md").read_text().splitlines()
    offset, under = headings.section(lines, "preamble") or (0, [])
    found = metadata.block(under)
    assert (found["cap"].value, found["status"].value, found["status"].line + offset) == ("0001", "Final", 7)
    assert _values(metadata.block(lines))["status"] == "Final"  # the first fence holding fields, not the later one
    assert _values(metadata.block(headings.section(lines, "Specification")[1])) == {"status": "Draft"}
    assert _values(metadata.header_block(lines))["status"] == "Final"  # `## Preamble`, the first heading, is a title
    titled = (FIELDS / "caps" / "core" / "cap-0035.md").read_text().splitlines()
    assert metadata.header_block(titled) == {}  # a fence after the second heading is body text


def test_a_block_takes_continuation_lines_and_skips_a_fence_without_fields() -> None:
    caps = (FIELDS / "caps" / "core" / "cap-0035.md").read_text().splitlines()
    assert metadata.block(caps)["working group"].value.startswith("Owner: C. Owner")
    assert metadata.block(caps)["status"].value == "Rejected"
    lines = ["# X", "", "```python", "x = 1", "Status = 2", "```", "", "~~~", "Status: Accepted", "~~~", "Note: no"]
    assert _values(metadata.block(lines)) == {"status": "Accepted"}
    assert metadata.block(["x"] * metadata.PREAMBLE_LINES + ["<pre>", "Status: Late", "</pre>"]) == {}


def test_name_value_lines_after_an_rst_title_with_blank_lines_between_are_read_up_to_the_first_other_line() -> None:
    found = metadata.field_lines((FIELDS / "apes" / "APE20.rst").read_text().splitlines())  # directives, then the title
    assert (found["status"].value, found["status"].line, found["date-created"].value) == ("Accepted", 23, "2022 July 13")
    lines = ["# Title", "", "status: Accepted", "", "revised-by:", "", "* A - 2021", "", "type: Process"]
    assert _values(metadata.field_lines(lines)) == {"status": "Accepted", "revised-by": ""}
    assert metadata.field_lines(["Title", "=====", "", "Some prose first.", "", "status: Accepted"]) == {}


def test_a_field_named_by_a_heading_is_the_first_line_under_it_in_markdown_or_rst() -> None:
    markdown = ["# Use X", "", "## Context", "", "x", "", "### Status", "", "- **Superseded**", "", "## Status", "Old"]
    rst = ["Use X", "=====", "", "Status", "------", "", "Rejected", "", "Decision", "--------", "", "X."]
    names = frozenset({"status"})
    assert metadata_values(headings.heading_fields(markdown, names)) == {"status": ("**Superseded**", 9)}
    assert metadata_values(headings.heading_fields(rst, names)) == {"status": ("Rejected", 7)}
    assert headings.heading_fields(["## Status", "", "## Decision", "x"], names) == {}  # no text under it


def test_a_section_runs_to_the_next_heading_of_its_level_or_higher_and_fences_and_front_matter_hold_no_headings() -> None:
    lines = ["---", "title: x", "---", "# T", "## Preamble", "a", "### Inner", "b", "```", "## Not a heading", "```",
             "## Next", "c"]
    assert headings.section(lines, "PREAMBLE") == (5, lines[5:11])
    assert [h.name for h in headings.headings(lines)] == ["T", "Preamble", "Inner", "Next"]
    wiki = ["==Preamble==", "<pre>", "Status: Final", "</pre>", "==Abstract==", "x"]
    assert headings.section(wiki, "preamble") == (1, wiki[1:4])
    rst = ["=====", "Title", "=====", "", "Preamble", "--------", "a", "Sub", "~~~", "b", "Other", "-----"]
    assert headings.section(rst, "preamble") == (6, rst[6:10])
    assert headings.section(rst, "Abstract") is None


def test_a_pattern_gives_its_group_of_the_first_match_on_its_line_in_any_case() -> None:
    lines = ["Title", "", "The state of this proposal is **Accepted**.", "state of this proposal is Draft"]
    declared = declaration.declared({"records": ["*.txt"], "patterns": {"status": r"state of this proposal is \**(\w+)"}})
    assert patterns.patterned(lines, declared.compiled_patterns) == {"status": metadata.Field("Accepted", 3)}
    assert declared.metadata == ()  # patterns alone over the adr preset: not its Markdown reading


def test_a_pattern_that_does_not_compile_or_has_not_exactly_one_group_is_refused_in_one_line_naming_its_role() -> None:
    for pattern, said in (("(unclosed", "is not a regular expression"), (r"Status: \w+", "has 0 groups"),
                          (r"(Status): (\w+)", "has 2 groups")):
        with pytest.raises(UsageError) as refused:
            declaration.declared({"records": ["*.md"], "patterns": {"status": pattern}})
        assert "patterns.status" in str(refused.value) and said in str(refused.value)
        assert "\n" not in str(refused.value)
    with pytest.raises(UsageError, match="unknown role 'state'"):
        declaration.declared({"patterns": {"state": "(x)"}})


def test_patterns_and_section_do_not_combine_with_the_adr_reading_and_every_field_needs_a_place() -> None:
    with pytest.raises(UsageError, match="not to adr"):
        declaration.declared({"metadata": ["adr"], "patterns": {"status": "(x)"}})
    with pytest.raises(UsageError, match="not to adr"):
        declaration.declared({"section": "Preamble"})
    with pytest.raises(UsageError, match="fields title have no metadata"):
        declaration.declared({"patterns": {"status": "(x)"}, "fields": {"title": "Title"}})
    with_pep = declaration.declared({"preset": "pep", "patterns": {"date": r"^Created:\s*(.+)"}})
    assert with_pep.metadata == ("header-block",) and with_pep.name == "pep+"
    assert with_pep.as_setting()["patterns"] == {"date": r"^Created:\s*(.+)"}  # the store's recorded reading
    assert "patterns" not in declaration.preset("pep").as_setting()  # a preset's setting is as it was


def metadata_values(found: metadata.Fields) -> dict[str, tuple[object, int | None]]:
    return {name: (field.value, field.line) for name, field in found.items()}


@pytest.mark.parametrize("place", ["header-block", "lines", "bullets"])
def test_a_markdown_hard_break_ending_a_line_is_no_part_of_the_fields_value(place: str) -> None:
    lines = ["    bsip: 0044\\", "    Title: Lamp\\", "    Status: Installed\\", "    Created: 2018-08-22\\"]
    if place == "bullets":
        lines = [f"- {line.strip()}" for line in lines]
    found = _values(metadata.TEXT_READERS[place](lines))
    assert (found["bsip"], found["status"], found["created"]) == ("0044", "Installed", "2018-08-22")
