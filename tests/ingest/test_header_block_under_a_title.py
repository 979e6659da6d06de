"""A header block in a fence or `<pre>` under the record's title (issue 55, bench/HISTORY.md "A sixteenth fresh check":
LNPBP-0010 opens with `# LNPBP-39: TxO seals` over the fenced preamble the other LNP/BP records open with). The first
heading is the title whatever its level; a fence after the second heading is body text. The declaration's reader and
the proposal read the same files. Samples written here, in LNP/BP's shape. Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from proposal_claims import MD, read_as_claims

from provgraph import propose_format
from provgraph.ingest.formats import metadata

_PREAMBLE = ["```", "LNPBP: {number:04}", "Title: Seal {number}", "Authors: A. Author,", "         B. Author",
             "Status: {status}", "Created: 2019-05-12", "```"]


def _preamble(number: int, status: str) -> list[str]:
    return [line.format(number=number, status=status) for line in _PREAMBLE]


def _status(lines: list[str]) -> object:
    found = metadata.header_block(lines).get("status")
    return found.value if found else None


def test_a_fence_or_pre_under_the_title_of_any_level_is_the_header_block_and_one_after_the_second_heading_is_not() -> None:
    fence = _preamble(10, "Proposal")
    assert _status(["# LNPBP-39: TxO seals", "", *fence, "", "## Abstract", "Text."]) == "Proposal"
    assert _status(["## A79: Seals", "", "A notice first.", "", *fence]) == "Proposal"
    assert _status(["=Seals=", "<pre>", "  BIP: 9", "  Status: Final", "</pre>", "==Abstract=="]) == "Final"
    found = metadata.header_block(["# Title", "", *fence])
    assert (found["status"].line, found["authors"].value) == (8, "A. Author, B. Author")
    assert _status(["# LNPBP-39: TxO seals", "", "## Example", "", *fence]) is None


def test_the_proposal_and_the_declaration_read_a_preamble_under_a_title_alike(tmp_path: Path) -> None:
    for number, status in enumerate(("Draft", "Proposal", "Final", "Proposal", "Draft"), start=1):
        title = ["# LNPBP-39: TxO seals", ""] if number == 4 else []
        (tmp_path / f"lnpbp-{number:04}{MD}").write_text("\n".join([*title, *_preamble(number, status), "",
                                                                  "## Abstract", "", "Text.", ""]))
    proposal = propose_format(tmp_path)
    record = proposal.store_table()["record"]
    assert record["metadata"] == ["header-block"]
    claims = read_as_claims(proposal, tmp_path)
    assert sorted(claims) == [f"lnpbp-{number:04}{MD}" for number in range(1, 6)]
    assert claims[f"lnpbp-0004{MD}"][1] == "proposed"
