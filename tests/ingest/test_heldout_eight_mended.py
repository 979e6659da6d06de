"""The defects the eighth held-out check left (issue 55, bench/HISTORY.md "The eighth check's defects mended"), each
as a general rule on samples written here in lines of our own (tests/fixtures/heldout8_mended/, SOURCES.md). Pure (no
database)."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from proposal_claims import MD, read_as_claims

from provgraph import propose_format
from provgraph.base.errors import UsageError
from provgraph.ingest import lifecycle, placeholders
from provgraph.ingest.formats import metadata
from provgraph.ingest.formats.declaration import declared
from provgraph.ingest.formats.proposal import templates
from provgraph.ingest.word_readings import WordCount

proposal_words = importlib.import_module("provgraph.ingest.formats.proposal.words")  # the module: its package
# exports a function of the same name
MENDED = Path(__file__).resolve().parents[1] / "fixtures" / "heldout8_mended"


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")


def _words(proposal: object) -> dict[str, str | None]:
    return {word.phrase: word.reads_as for word in proposal.words}  # type: ignore[attr-defined]


def test_an_html_comment_is_no_part_of_a_value_read_from_a_records_lines() -> None:
    found = metadata.TEXT_READERS["bullets"](_lines(MENDED / "staged" / "0002-lamp-2.md"))
    assert {name: field.value for name, field in found.items()} == {"stage": "**0 (strawperson)**", "date": "**TBD**"}
    header = metadata.TEXT_READERS["header-block"](["Status: Draft <!-- Draft | Accepted -->", "Created: 2020-01-02"])
    assert header["status"].value == "Draft"


def test_a_straw_man_stage_is_a_first_proposal_and_a_code_whose_word_is_left_unread_says_why() -> None:
    assert lifecycle.canonical("Strawperson") == lifecycle.canonical("strawman") == "proposed"
    proposal = propose_format(MENDED / "staged")
    assert _words(proposal) == {"0": "proposed", "2": None, "3": "accepted", "x": "withdrawn"}
    (unread,) = [word for word in proposal.words if word.phrase == "2"]
    assert "leaves 'candidate' unread (logs differ" in (unread.unsure or "")


def test_a_heading_only_one_file_has_names_no_section_and_a_numbered_stage_folder_s_unknown_word_is_declared_unread() -> None:
    root = MENDED / "laddered"
    proposal = propose_format(root)
    record = proposal.store_table()["record"]
    assert "section" not in record and record["metadata"] == ["folder", "field-list"]
    assert _words(proposal) == {"adopted": "accepted", "lit": lifecycle.UNREAD_MARK, "accepted": "accepted"}
    (lit,) = [word for word in proposal.words if word.phrase == "lit"]  # defined under an AsciiDoc section title
    assert lit.definition is not None and lit.definition.where == "README.adoc:9"
    claims = {path: word for path, (_, word) in read_as_claims(proposal, root, ".adoc").items()}
    assert claims == {"1.adopted/LIP2019-01-02-Wicks.adoc": "accepted", "1.adopted/LIP2019-03-04-Shades.adoc": "accepted",
                      "1.adopted/LIP2020-05-06-Bulbs.adoc": "accepted", "2.lit/LIP2018-11-12-Wax.adoc": "accepted",
                      "2.lit/LIP2020-07-08-Glow.adoc": "lit", "2.lit/LIP2021-09-10-Flicker.adoc": "lit"}


def test_closed_is_left_unread_where_the_log_states_acceptance_by_a_word_of_its_own() -> None:
    root = MENDED / "voted"
    proposal = propose_format(root)
    assert _words(proposal) == {"passed": "accepted", "closed": lifecycle.UNREAD_MARK, "draft": "draft",
                                "no quorum": "rejected", "rejected": "rejected"}
    (closed,) = [word for word in proposal.words if word.phrase == "closed"]
    assert "acceptance by 'passed' (4 records)" in (closed.unsure or "")
    assert "\nclosed = \"?\"  # 2 records; check: the default reads 'closed' as accepted" in proposal.to_toml()
    claims = {path: word for path, (_, word) in read_as_claims(proposal, root).items()}
    assert (claims["003.md"], claims["006.md"], claims["005.md"]) == ("closed", "closed", "rejected")


def test_closed_keeps_the_trackers_reading_flagged_where_no_other_word_accepts() -> None:
    proposal = propose_format(MENDED / "tracked")
    assert _words(proposal) == {"closed": "accepted", "open": "proposed"}


def test_a_store_word_declared_unread_is_read_by_neither_the_store_nor_the_default() -> None:
    words = lifecycle.store_words({"closed": "?"})
    reading = lifecycle.read_word("Closed", words)
    assert reading is not None and (reading.declared, reading.origin) == ("closed", "store")
    assert lifecycle.canonical("Closed", words) is None and lifecycle.canonical("Closed") == "accepted"
    assert metadata.folder("2.lit/a.adoc", lifecycle.store_words({"lit": "?"})) == {"folder": metadata.Field("lit")}
    assert metadata.folder("2.lit/a.adoc", {}) == {}
    counted = WordCount("Closed", "closed", 2, "closed", "store")
    assert counted.text() == "Closed 2 -> not recognised (UNKNOWN UNRECOGNISED_STATUS; left unread: the store's words leave it unread)"
    assert counted.as_dict()["read_as"] is None
    assert declared({"words": {"Closed": "?"}}, "s").word_map == {"closed": "?"}
    with pytest.raises(UsageError, match="'\\?' leaves it unread"):
        declared({"words": {"closed": "maybe"}}, "s")


def test_needs_revision_is_read_as_the_logs_definition_says_still_in_force() -> None:
    assert lifecycle.CONTESTED["needs revision"][1] == "accepted"
    proposal = propose_format(MENDED / "revised")
    (revision,) = [word for word in proposal.words if word.phrase == "needs revision"]
    assert (revision.reads_as, revision.by_definition) == ("accepted", True)
    # Tor's needs-revision: back with its authors, no cue of a rule in force
    tor = "The idea for the proposal is a good one, but the proposal as it stands has problems that keep it from being accepted."
    assert lifecycle.reading_by_cue(tor, ("draft", "accepted")) is None
    assert lifecycle.reading_by_cue("It is no longer relevant.", ("draft", "accepted")) is None


def test_a_template_offering_the_words_with_or_before_the_last_is_set_aside() -> None:
    assert placeholders.placeholder("Draft,Accepted,Adopted,Deferred or Rejected")
    assert placeholders.placeholder("Draft, Proposed, or Accepted")
    assert not placeholders.placeholder("Accepted or Rejected") and not placeholders.placeholder("Accepted, Implemented")
    assert templates.placeholders(["created: DD-MMM-YY"]) == ["a date's form 'DD-MMM-YY'"]
    root = MENDED / "templated"
    proposal = propose_format(root)
    assert proposal.store_table()["record"]["skip"] == {"template": ["LIP0_TEMPLATE.md"]}
    assert sorted(read_as_claims(proposal, root)) == [f"LIP{number}{MD}" for number in range(1, 5)]


def test_a_status_text_is_matched_for_a_code_once() -> None:
    calls = []
    coded = proposal_words._CODED

    class Counting:
        def match(self, text: str) -> re.Match[str] | None:
            calls.append(text)
            return coded.match(text)

    texts = ["3 (finished)", "0 (strawperson)", "Accepted", "2"]
    try:
        proposal_words._CODED = Counting()  # type: ignore[assignment]
        found = proposal_words.words(texts)
    finally:
        proposal_words._CODED = coded
    assert len(calls) == len(texts)
    assert {word.phrase for word in found} == {"3", "0", "accepted", "2"}
