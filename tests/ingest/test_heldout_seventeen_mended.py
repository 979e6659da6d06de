"""The reader and proposal defects the seventeenth held-out check found (issue 55, bench/HISTORY.md "The seventeenth
check's defects mended"), each as a general rule on samples written here. Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from provgraph import propose_format
from provgraph.ingest.formats import metadata


def _words(proposal: object) -> dict[str, object]:
    return {word.phrase: word for word in proposal.words}  # type: ignore[attr-defined]


def test_a_word_that_says_the_status_is_not_known_stays_unread_whatever_its_definition_cues(tmp_path: Path) -> None:
    # PHP's RFCs: "*Unknown* For historical reasons, this status exists to identify historic RFCs ..." ("historical
    # reasons" is a cue for deprecated)
    folder = tmp_path / "xips"
    folder.mkdir()
    for number, word in enumerate(("Unknown", "Unknown", "Final"), start=1):
        (folder / f"xip-{number}.md").write_text(f"---\nxip: {number}\nstatus: {word}\n---\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("# XIPs\n\n* **Unknown** -- for historical reasons, this status exists to "
                                        "identify old XIPs whose status could not be determined.\n", encoding="utf-8")
    unknown = _words(propose_format(folder))["unknown"]
    assert (unknown.reads_as, unknown.by_definition) == (None, False)  # type: ignore[attr-defined]
    assert "says the status is not known" in unknown.unsure  # type: ignore[attr-defined]
    assert unknown.definition is not None  # type: ignore[attr-defined]


def test_a_directives_indented_option_lines_are_passed_over_with_it_not_read_as_the_field_list() -> None:
    # PHP's RFCs: 0000.rst opens with `.. role:: raw-text(raw)` and its option `   :format: html` before the title
    lines = [".. role:: raw-text(raw)", "   :format: html", "", "Index of RFCs", "=============", "",
             ":PHP-RFC: 0000", ":Title: Index of RFCs", ":Status: Active", "", "Introduction"]
    found = metadata.field_list(lines)
    assert "format" not in found and found["status"].value == "Active" and found["php-rfc"].value == "0000"


def test_a_meta_directives_indented_field_list_is_the_records_fields_not_passed_over() -> None:
    # I2P's proposals (RST): the title over `.. meta::` and its fields, indented; docutils reads them as the
    # document's metadata, where another directive's indented lines (`.. role::`'s options) are its own
    lines = ["=================", "Restricted Routes", "=================", ".. meta::", "    :author: zzz",
             "    :created: 2008-09-14", "    :status: Reserve", "", ".. contents::", "", "Introduction"]
    found = metadata.field_list(lines)
    assert (found["status"].value, found["created"].value) == ("Reserve", "2008-09-14")


def test_a_myst_label_is_prelude_and_an_eval_rst_fence_holding_a_field_list_is_read_as_that_field_list() -> None:
    # napari's NAPs: `(nap3)=` over `# NAP-3 — Spaces`, then ```{eval-rst} over `:Status: Withdrawn`
    lines = ["(nap3)=", "", "# NAP-3 — Spaces", "", "```{eval-rst}", ":Author: Ada", ":Status: Withdrawn", "```", "",
             "## Abstract"]
    found = metadata.field_list(lines)
    assert (found["status"].value, found["status"].line, len(found)) == ("Withdrawn", 7, 2)
    assert metadata.field_list(["# T", "", "```rst", ":Status: Draft", "```"])["status"].value == "Draft"
    assert metadata.field_list(["# T", "", "```python", ":Status: Draft", "```"]) == {}  # a fence of code is no prelude
