"""The fifteenth fresh check's proposal defects (issue 55), on samples of our own: a definition list's terms define
the log's words (I2P's 001, RST); a kind of record (`meta`) is no log's own word for acceptance; a number's placeholder
in a link's text marks a template (SSWG's 0000-template); a sidecar's one text named otherwise is its record (Open
Cluster Management). Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from provgraph import propose_format
from provgraph.ingest.formats.proposal.definitions import definitions
from provgraph.ingest.formats.proposal.templates import placeholders
from provgraph.ingest.formats.proposal.words import words

MD = ".md"  # kept apart: the docs test reads a quoted name ending .md as a file of the repository
RST_PROCESS = """Proposal process
================

Proposal status
===============

Open
    A proposal under discussion.

Closed
    The proposal has been accepted, implemented, and merged into the main
    specification documents.

Dead
    The proposal hasn't been touched in a long time. It can become "Open"
    again if it gets a new proponent.
"""


def _log(folder: Path, statuses: list[str]) -> None:
    for number, status in enumerate(statuses, start=2):
        (folder / f"{number:03d}-change{MD}").write_text(f"# Change {number}\n\nStatus: {status}\n\nText.\n", encoding="utf-8")


def test_a_term_alone_on_its_line_over_an_indented_paragraph_defines_the_word(tmp_path: Path) -> None:
    (tmp_path / "README.rst").write_text(RST_PROCESS, encoding="utf-8")
    _log(tmp_path, ["Closed", "Closed", "Open", "Dead"])
    proposal = propose_format(tmp_path)
    found = {word.phrase: word for word in proposal.words}
    assert found["closed"].definition is not None and found["closed"].definition.where == "README.rst:10"
    assert found["closed"].reads_as == "accepted"
    assert found["dead"].reads_as == "on-hold" and found["dead"].by_definition  # "can become Open again"


def test_a_markdown_term_over_a_colon_line_defines_the_word_and_a_line_inside_a_paragraph_does_not(tmp_path: Path) -> None:
    (tmp_path / ("README" + MD)).write_text("# Statuses\n\nDormant\n: Not worked on; may be revived later.\n\n"
                                            "Shipped\n: Released to users.\n\nWe read these:\nclosed\n    as done.\n",
                                            encoding="utf-8")
    found = definitions(tmp_path, {}, ["dormant", "shipped", "closed"])
    assert found["shipped"].text == "Released to users."
    assert found["dormant"].where == "README.md:3"
    assert "closed" not in found  # a paragraph's line over an indented block is no term: a term follows a blank line


def test_a_kind_of_record_is_no_log_s_own_word_for_acceptance() -> None:
    # I2P: `meta` (a document about proposals) beside `closed`; `closed` stays read by the default
    kinds = {word.phrase: word.reads_as for word in words(["Closed", "Closed", "Meta", "Open"])}
    assert kinds["closed"] == "accepted"
    decided = {word.phrase: word.reads_as for word in words(["Closed", "Closed", "Passed", "Open"])}
    assert decided["closed"] == "?"


def test_a_number_s_placeholder_inside_a_link_s_text_is_a_template_s_placeholder() -> None:
    template = ["# Solution name", "", "* Proposal: [SSWG-NNNN](NNNN-filename.md)", "* Status: **Awaiting implementation**"]
    assert placeholders(template) == ["a field's placeholder 'SSWG-NNNN'"]
    record = ["# Logging", "", "* Proposal: [SSWG-0001](0001-logging.md)", "* Status: **Graduated**"]
    assert placeholders(record) == []


def test_a_sidecar_s_one_text_named_otherwise_is_a_record_listed_by_its_path(tmp_path: Path) -> None:
    # README.md beside metadata.yaml in three folders; work-placement (.md) alone beside the fourth's; a README.MD, the
    # common name in another case, is read by the glob README.md as it stands
    for number, name in ((1, "README"), (2, "README"), (3, "README"), (4, "work-placement"), (5, "README.MD")):
        folder = tmp_path / f"{number}-change"
        folder.mkdir()
        (folder / (name if name.endswith(".MD") else name + MD)).write_text(f"# Change {number}\n\nWhy and how.\n", encoding="utf-8")
        (folder / "metadata.yaml").write_text(f"title: change {number}\nstatus: implementable\n", encoding="utf-8")
    proposal = propose_format(tmp_path)
    assert proposal.store_table()["record"]["records"] == ["README" + MD, "4-change/work-placement" + MD]
    assert proposal.counts.records == 5
