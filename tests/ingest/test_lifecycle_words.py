"""One status vocabulary for every ingester (provgraph/ingest/lifecycle.py)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from provgraph.base.errors import UsageError
from provgraph.cli import cli
from provgraph.engine.status import status
from provgraph.ingest.lifecycle import (CANONICAL, CONTESTED, VOCABULARY, WordReading, canonical, declared_word, read_word,
                                         store_words)


@pytest.mark.parametrize(("text", "word"), [
    ("On hold", "on-hold"), ("status: paused", None), ("Paused", "on-hold"), ("Deferred until Q3", "on-hold"),
    ("Postponed", "on-hold"), ("Suspended", "on-hold"),
    ("Pending", "proposed"), ("Open", "proposed"), ("In review", "proposed"), ("WIP", "proposed"),
    ("Approved", "accepted"), ("Adopted", "accepted"), ("Agreed", "accepted"), ("Decided 2024-01-01", "accepted"),
    ("Obsolete", "deprecated"), ("Retired", "deprecated"), ("Replaced", "superseded"),
    ("Replaced by [3](0003-x.md)", "superseded"), ("Withdrawn", "withdrawn"),
    ("✅ **Accepted**", "accepted"), ("~~Accepted~~ Superseded", "superseded"), ("Amended", "amended"),
    ("Ongoing.", None), ("Discussed by @x", None), ("", None), (None, None),
])
def test_common_status_vocabulary_maps_to_canonical_words(text, word):
    assert canonical(text) == word
    assert canonical(text) is None or canonical(text) in CANONICAL


@pytest.mark.parametrize(("text", "word"), [
    # in force
    ("Final", "accepted"), ("Living", "accepted"), ("implementable", "accepted"), ("Deployed", "accepted"),
    ("Complete", "accepted"), ("Closed", "accepted"), ("Active", "accepted"), ("Activated", "accepted"),
    ("Implemented (Swift 5.5)", "accepted"), ("Previewing", "accepted"), ("Partially implemented", "accepted"),
    ("Accepted with revisions", "accepted"), ("Accepted with modifications", "accepted"),
    ("Awaiting implementation", "accepted"), ("In force", "accepted"), ("Stable in 1.1", "accepted"), ("Partially stable in 1.5", "accepted"),
    ("Released", "accepted"), ("Released most of the changes", "accepted"), ("Shipped", "accepted"), ("Launched", "accepted"),
    # not yet decided
    ("provisional", "proposed"), ("Last Call", "proposed"), ("Review", "proposed"), ("Idea", "proposed"),
    ("Scheduled for review (March 1...March 14, 2024)", "proposed"), ("Under consideration", "proposed"),
    ("Final comment period", "proposed"), ("Public discussion", "proposed"), ("Design review", "proposed"),
    ("Experimental", "proposed"), ("Returned for revision", "draft"),
    ("Stagnant", "on-hold"), ("deferred", "on-hold"), ("Postponed", "on-hold"), ("Dormant", "on-hold"),
    ("Moribund", "on-hold"),
    # no longer or never in force
    ("Not accepted", "rejected"), ("replaced", "superseded"), ("Obsolete", "deprecated"),
    ("Stale", "withdrawn"), ("Stale Discussion https://github.com/x", "withdrawn"), ("Abandoned", "withdrawn"),
    ("Inactive (superseded by CIP-0121 and CIP-0122)", "deprecated"),
])
def test_words_real_proposal_logs_use_map_to_what_they_mean_for_the_status_rule(text, word):
    assert canonical(text) == word


@pytest.mark.parametrize("text", [
    "Active review (January 4...January 18, 2024)", "**Active Review**", "active_review", "Active  review",
])
def test_a_review_phrase_that_starts_with_an_accepting_word_is_a_review(text):
    assert canonical(text) == "proposed"


@pytest.mark.parametrize("text", ["Ongoing", "Accepting comments", "Evergreen"])
def test_a_word_that_states_no_lifecycle_stays_unrecognised(text):
    assert canonical(text) is None
    assert declared_word(text) == text.casefold()


@pytest.mark.parametrize(("text", "declared"), [
    ("Ongoing.", "ongoing"), ("Discussed by @x", "discussed by @x"), ("On hold", "on-hold"), ("  ", None), (None, None),
    ("Previewing", "accepted"), ("Returned for revision", "draft"),
])
def test_an_unrecognised_status_word_is_kept_as_written_for_the_row_to_show(text, declared):
    assert declared_word(text) == declared


STORE = {"Moved": "superseded", "stagnant": "withdrawn", "Last  Call": "accepted", "closed": "withdrawn"}


@pytest.mark.parametrize(("text", "word"), [
    ("Moved", "superseded"), ("Stagnant", "withdrawn"), ("Last call", "accepted"), ("CLOSED", "withdrawn"),
    ("Final", "accepted"), ("Ongoing", None),
])
def test_a_stores_declared_words_come_before_the_default_vocabulary(text, word):
    assert canonical(text, words=STORE) == word


def test_the_spec_lists_every_default_word_under_its_canonical_word():
    design = (Path(__file__).resolve().parents[2] / "docs" / "design.md").read_text(encoding="utf-8")
    rows = {cells[0]: {word.strip() for word in re.split(r"[,;]", cells[3])}
            for cells in ([cell.strip() for cell in line.strip(" |").split(" | ")] for line in design.splitlines())
            if len(cells) == 4 and cells[0] in CANONICAL}
    assert set(rows) == set(CANONICAL)
    listed = {(word, canonical_word) for canonical_word, words in rows.items() for word in words}
    assert listed == set(VOCABULARY.items())


def test_a_longer_default_phrase_still_wins_over_a_declared_single_word():
    assert canonical("Active review", words={"active": "on-hold"}) == "proposed"
    assert canonical("Active", words={"active": "on-hold"}) == "on-hold"
    assert canonical("Active review", words={"active review": "draft"}) == "draft"


def test_a_declared_phrase_may_be_longer_than_any_default_one():
    words = {"waiting on the working group to meet": "on-hold"}
    assert canonical("Waiting on the working group to meet again", words=words) == "on-hold"
    assert declared_word("waiting on the working group", words=words) == "waiting on the working"


def test_declared_words_are_keyed_as_the_text_is_read():
    assert store_words({" Last  Call ": "Proposed", "On-Hold": "on-hold"}) == {"last call": "proposed", "on-hold": "on-hold"}


@pytest.mark.parametrize(("words", "message"), [
    ({"living": "live"}, "status word 'living' = 'live': not a canonical word (one of accepted, amended,"),
    ({"---": "accepted"}, "status word '---' has no word in it to match"),
])
def test_a_declared_word_must_map_to_a_canonical_word(words, message):
    with pytest.raises(UsageError) as raised:
        canonical("Living", words=words)
    assert str(raised.value).startswith(message)
    assert "\n" not in str(raised.value)


@pytest.mark.long(25)
def test_an_ingested_active_review_is_unknown_and_an_unknown_word_unrecognised(graph, tmp_path):
    folder = tmp_path / "adr"
    folder.mkdir()
    (folder / "0001-review.md").write_text("# 1. Review\n\nDate: 2025-01-01\n\n## Status\n\nActive review\n")
    (folder / "0002-ongoing.md").write_text("# 2. Ongoing\n\nDate: 2025-01-01\n\n## Status\n\nOngoing\n")
    (folder / "0003-living.md").write_text("# 3. Living\n\nDate: 2025-01-01\n\n## Status\n\nLiving\n")
    result = CliRunner().invoke(cli, ["ingest", "files", str(folder), "--store", "adr", "-o", "json"])
    assert result.exit_code == 0, result.output
    judged = {row.claim: (row.status, row.reason, row.declared) for row in status(graph)}
    assert judged == {
        "adr:0001-review.md": ("UNKNOWN", "PROPOSED", "proposed"),
        "adr:0002-ongoing.md": ("UNKNOWN", "UNRECOGNISED_STATUS", "ongoing"),
        "adr:0003-living.md": ("ACTIVE", "CURRENT", "accepted"),
    }


def test_the_spec_lists_every_word_communities_read_differently_with_its_reason_and_other_reading():
    design = (Path(__file__).resolve().parents[2] / "docs" / "design.md").read_text(encoding="utf-8")
    section = design.split("**Words communities read differently.**", 1)[1].split("\n\n**", 1)[0]
    rows = {cells[0]: (cells[1], cells[2])
            for cells in ([cell.strip() for cell in line.strip(" |").split(" | ")] for line in section.splitlines())
            if len(cells) == 3 and cells[0] not in ("word", "---|---|---")}
    assert rows == dict(CONTESTED)


@pytest.mark.parametrize("text, words, reading", [
    ("Closed", None, WordReading("Closed", "closed", "accepted", "default")),
    ("**Closed** (historical)", {"closed": "withdrawn"}, WordReading("Closed", "closed", "withdrawn", "store")),
    ("Superseded by [BIP 1](bip-0001.md)", None, WordReading("Superseded by", "superseded by", "superseded", "default")),
    ("Active review", {"active": "accepted"}, WordReading("Active review", "active review", "proposed", "default")),
    ("April Fool!", None, WordReading("April Fool", "april fool", "april fool", "unrecognised")),
])
def test_a_word_reading_says_the_words_read_as_written_and_whether_the_store_or_the_default_gave_it(
        text, words, reading):
    assert read_word(text, words) == reading
    assert declared_word(text, words) == reading.declared


@pytest.mark.parametrize(("word", "sibling"), [
    ("Installed", "Deployed"), ("Informative", "Informational"), ("Graduated", "Released"),
])
def test_a_word_is_read_as_its_sibling_of_the_same_meaning(word, sibling):
    assert canonical(word) == canonical(sibling) == "accepted"
