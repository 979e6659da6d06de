"""A status stated as a line of tags under the title (issue 55, the sixteenth fresh check: every Nostr NIP's
`` `draft` `optional` ``): the proposer reads it as a status place, by a pattern the reader honours, and names the
records by the files that state their status so, never by the one odd file that states it otherwise. Samples in
tests/fixtures/proposal_tags/ (SOURCES.md: a made-up log and ten NIPs). Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from provgraph import propose_format
from provgraph.ingest.formats.declaration import PATTERN_FLAGS, compiled

SAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "proposal_tags"
MD = ".md"  # kept apart: the docs test reads a quoted name ending .md as a file of the repository


def test_a_line_of_tags_under_the_title_is_where_the_status_is_read() -> None:
    proposal = propose_format(SAMPLES / "made_up")
    records = proposal.record["records"]
    assert "rfc-[0-9]*.md" in records and "charter" + MD in records  # a record named without a number, by its path
    assert "draft-ideas" + MD not in records  # the odd file names no records
    assert proposal.counts.stated == {
        "charter.md": "accepted", "rfc-0000-process.md": "accepted", "rfc-0001-one-queue.md": "Accepted",
        "rfc-0002-batch-jobs.md": "Rejected", "rfc-0003-retries.md": "Proposed", "rfc-0004-dark-mode.md": "Accepted",
        "rfc-0005-logging.md": "Superseded", "rfc-0006-tracing.md": "Accepted"}
    assert proposal.counts.silent == ["rfc-0007-glossary" + MD]  # its tags hold no status word: a source only
    assert {word.phrase: word.reads_as for word in proposal.words} == {
        "accepted": "accepted", "rejected": "rejected", "proposed": "proposed", "superseded": "superseded"}
    status = compiled(proposal.record["patterns"]["status"])
    assert status.flags & PATTERN_FLAGS == PATTERN_FLAGS
    assert status.search("`proposed` `accepted` `rejected`")  # a line of tags, its first status word the group
    doubts = " | ".join(proposal.doubts)
    assert "core" in doubts and "experimental" in doubts and "process" in doubts  # the other tags, named
    assert "draft-ideas" + MD in doubts  # stated otherwise, named


def test_every_nip_whose_tags_hold_a_status_word_is_read() -> None:
    proposal = propose_format(SAMPLES / "nostr")
    assert proposal.counts.stated == {
        "01.md": "draft", "02.md": "final", "04.md": "final", "10.md": "draft", "5A.md": "draft", "A4.md": "draft",
        "BE.md": "draft", "F4.md": "draft"}
    assert proposal.summary().startswith("8 of 11 files would be read as records (status: pattern a line of tags")
    doubts = " | ".join(proposal.doubts)
    assert "unrecommended" in doubts  # beside the status word on 04 and BE: the user says which wins
    assert "A0" + MD in doubts  # `**Status:** Draft`, not a line of tags: named, not read
