"""General reading defects the seventh held-out check found in the record-format reader (issue 55, bench/HISTORY.md
"A seventh fresh check"). libp2p/specs has no licence file, so its form is written here in lines of
our own, not copied. Pure (no database)."""
from __future__ import annotations

from provgraph.ingest.formats import metadata, top


def test_a_table_under_a_title_of_any_level_is_read_up_to_the_next_heading() -> None:
    # libp2p pnet: `## Pre-shared Key ...` is the title, the lifecycle table under it (the other specs: `# Title`)
    under_a_level_two_title = ["## A spec", "", "| Lifecycle Stage | Maturity | Status |", "| --- | --- | --- |",
                               "| 3A | Recommendation | Active |", "", "## Introduction"]
    assert metadata.table(under_a_level_two_title)["lifecycle stage"] == metadata.Field("3A", 5)
    assert metadata.table(["A spec", "------", "<table><tr><td>Status</td><td>Final</td></tr></table>"]) == {
        "status": metadata.Field("Final", 3)}
    # the first span that holds a table wins; a table under a later heading is no field of the record
    assert metadata.table(["| Status | Draft |", "|---|---|", "# T", "| Status | Final |", "|---|---|"]) == {
        "status": metadata.Field("Draft", 1)}
    assert metadata.table(["## T", "Text.", "## Notes", "| Status | Final |", "|---|---|"]) == {}


def test_the_top_of_a_record_is_before_its_first_heading_else_under_it() -> None:
    assert top.spans(["---", "a: b", "---", "## T", "x", "T2", "===", "y"]) == [(0, 3), (4, 5)]
    assert top.spans(["no heading", "at all"]) == [(0, 2)]
    assert top.spans(["```", "# not a heading", "```", "# T", "text"]) == [(0, 3), (4, 5)]

