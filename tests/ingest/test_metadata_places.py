"""Where a record keeps its metadata (provgraph/ingest/formats/metadata.py): the rules each reader follows when the
block is not where the simplest file puts it, and a declaration's own records over its preset's skips. Pure."""
from __future__ import annotations

from provgraph.ingest.formats import metadata
from provgraph.ingest.formats.declaration import declared


def _values(found: metadata.Fields) -> dict[str, object]:
    return {name: field.value for name, field in found.items()}


def test_a_header_block_in_a_code_fence_at_the_top_is_read() -> None:
    lines = ["```", "  BIP: 3", "  Status: Deployed", "```", "", "## Abstract"]
    assert _values(metadata.header_block(lines)) == {"bip": "3", "status": "Deployed"}


def test_a_header_block_in_pre_after_prose_is_read_when_it_comes_before_the_first_heading() -> None:
    prose = ["RECENT CHANGES:", "* (16 Apr 2013) Added private derivation", ""]
    block = ["<pre>", "  BIP: 32", "  Status: Deployed", "</pre>"]
    assert _values(metadata.header_block([*prose, *block]))["status"] == "Deployed"
    assert "status" not in _values(metadata.header_block([*prose, "==Abstract==", *block]))


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
