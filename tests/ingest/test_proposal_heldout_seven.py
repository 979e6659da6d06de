"""General reading defects the seventh held-out check found in the record-format reader (issue 55, bench/HISTORY.md
"A seventh fresh check"). libp2p/specs and torproject/torspec have no licence file, so their forms are written here
in lines of our own, not copied. Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from proposal_claims import MD, read_as_claims

from provgraph import propose_format
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


def _write_numbered_log_with_an_unnumbered_idea(root: Path) -> None:
    """Tor's proposals: an RFC 822 header, no number field (the file name writes it), `Supersedes: 101` a bare number;
    beside the numbered files an unnumbered idea (`xxx-onion-nyms`) that states a status too."""
    for number in range(100, 110):
        links = f"Supersedes: {number - 1}\n" if number % 3 == 0 else ""
        (root / f"{number}-proposal-{number}{MD}").write_text(
            f"Filename: {number}-proposal-{number}{MD}\nTitle: Proposal {number}\nStatus: Closed\n{links}\n"
            "Overview:\n\n   Text.\n", encoding="utf-8")
    (root / ("xxx-onion-nyms" + MD)).write_text("Filename: xxx-onion-nyms.md\nTitle: Nyms\nStatus: Draft\n\nText.\n",
                                                 encoding="utf-8")


def test_records_nearly_all_numbered_by_their_file_names_take_that_number_as_their_id(tmp_path: Path) -> None:
    _write_numbered_log_with_an_unnumbered_idea(tmp_path)
    proposal = propose_format(tmp_path)
    record = proposal.store_table()["record"]
    assert record["fields"]["id"] == "file-number" and "file-name" in record["metadata"]
    claims = read_as_claims(proposal, tmp_path)
    assert claims["xxx-onion-nyms" + MD][0] == "s:xxx-onion-nyms" + MD  # no number: named by its path
    assert claims["103-proposal-103" + MD][0] != "s:103-proposal-103" + MD  # its number names it
    assert record["fields"]["supersedes"] == "supersedes"  # `Supersedes: 102`, a bare number, names a record


def test_definitions_indented_under_a_label_line_are_read_as_term_lines(tmp_path: Path) -> None:
    # Tor's 001-process.txt: `Proposal status:` then `   Open: A proposal under discussion.` and the other words
    _write_numbered_log_with_an_unnumbered_idea(tmp_path)
    (tmp_path / ("001-process" + MD)).write_text(
        "Filename: 001-process.md\nTitle: The proposal process\nStatus: Meta\n\nProposal status:\n\n"
        "   Closed: The proposal has been accepted, implemented, and merged into the\n"
        "      main specification documents.\n\n   Meta: This is not a proposal, but a document about proposals.\n\n"
        "Overview:\n\n   Indented prose: under a label that names no word, read as no definition.\n",
        encoding="utf-8")
    words = propose_format(tmp_path).to_toml()
    assert 'defined in 001-process.md:7: "The proposal has been accepted, implemented, and merged into the"' in words
    assert "defined in 001-process.md:10" in words
