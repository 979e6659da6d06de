"""Three general defects a held-out check found in the proposer (issue 55, the proposal applied unedited): samples of
public logs in tests/fixtures/stacks_sips/ and tests/fixtures/beps/ (SOURCES.md in each says where from).
Pure (no database)."""
from __future__ import annotations

from ingest_run import FIXTURES

from provgraph import propose_format
from provgraph.ingest.formats.proposal.words import words

STACKS = FIXTURES / "stacks_sips" / "sips"


def test_a_word_holding_a_pending_phrase_reads_by_that_phrase_not_by_an_accepted_spelling() -> None:
    # SIP-000: Activation-In-Progress is "tentatively approved ... not all of the criteria for ratification have been met"
    found = {word.phrase: word for word in words(["Activation-In-Progress", "Activation-in-Progress", "Ratified"])}
    assert found["activation-in-progress"].reads_as == "proposed"
    assert "'in progress'" in (found["activation-in-progress"].unsure or "")
    proposal = propose_format(STACKS)
    proposed = {word.phrase: word.reads_as for word in proposal.words}
    assert proposed["activation-in-progress"] == "proposed"
