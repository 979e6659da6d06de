"""The tenth fresh check's proposal defects (issue 55), on samples of our own in tests/fixtures/proposal_heldout10/
(SOURCES.md): series whose numbers meet, in a folder and its subfolders, kept in one store when no number would name
a record anyway; a record alone in its name shape, numbered like the others, read. Pure (no database)."""
from __future__ import annotations

from ingest_run import FIXTURES
from proposal_claims import MD, read_as_claims

from provgraph import propose_format

SAMPLES = FIXTURES / "proposal_heldout10"
SUBFOLDERS = SAMPLES / "subfolder_series"
MIXED = SAMPLES / "mixed_extension"


def test_series_in_subfolders_whose_numbers_meet_stay_in_one_store_when_each_claim_is_named_by_its_path() -> None:
    # ADR-0001, core/ADR-Core-0001, ui/ADR-UI-0001 ...: the core series alone writes 0002 twice, so its records would
    # be named by their paths even alone; taking the others out would name none better and read them nowhere
    proposal = propose_format(SUBFOLDERS)
    assert not any("another series" in doubt for doubt in proposal.doubts)
    assert any("each claim is named by its path" in doubt for doubt in proposal.doubts)
    claims = read_as_claims(proposal, SUBFOLDERS)
    assert sorted(claims) == ["ADR-0001-record-decisions" + MD, "ADR-0002-one-licence" + MD,
                              "core/ADR-Core-0001-split-services" + MD, "core/ADR-Core-0002-cache-reads" + MD,
                              "core/ADR-Core-0002-queue-writes" + MD, "core/ADR-Core-0003-retry-calls" + MD,
                              "search/ADR-SRCH-001" + MD, "ui/ADR-UI-0001-one-theme" + MD, "ui/ADR-UI-0002-dark-mode" + MD]
    assert claims["ui/ADR-UI-0002-dark-mode" + MD] == ("s:ui/ADR-UI-0002-dark-mode" + MD, "draft")


def test_a_record_alone_in_its_name_shape_numbered_like_the_records_is_a_record() -> None:
    # ADR-SRCH-001 in search/: the only file of its shape, its status in the records' table
    record = propose_format(SUBFOLDERS).store_table()["record"]
    assert "ADR-SRCH-[0-9]*" + MD in record["records"]


def test_a_record_in_another_extension_numbered_like_the_records_is_read_and_other_numbered_files_are_not() -> None:
    # 0004-login-filters.md beside 0001..0003 .rst, each under a Status heading; notes-2023.md states one too but is
    # not numbered as the records are; the index is no record
    proposal = propose_format(MIXED)
    assert proposal.store_table()["record"]["records"] == ["[0-9]*" + MD, "[0-9]*.rst"]
    claims = {**read_as_claims(proposal, MIXED), **read_as_claims(proposal, MIXED, ".rst")}
    assert sorted(claims) == ["0001-use-adrs.rst", "0002-one-queue.rst", "0003-batch-jobs.rst", "0004-login-filters" + MD]
    assert claims["0004-login-filters" + MD][1] == "accepted"
    assert any("notes-2023" + MD in doubt and "not under the records' names" in doubt for doubt in proposal.doubts)


def test_a_record_alone_whose_shape_would_match_other_files_is_named_by_its_path(tmp_path) -> None:
    # `L3-c` has no extension: its shape `L[0-9]*` would match the .md records too, so the record is listed by its path
    for name in ("L1-a" + MD, "L2-b" + MD, "L4-d" + MD, "L3-c"):
        (tmp_path / name).write_text("Title\n\n* Status: Approved\n\nText.\n", encoding="utf-8")
    proposal = propose_format(tmp_path)
    assert proposal.store_table()["record"]["records"] == ["L3-c", "L[0-9]*" + MD]
    assert proposal.counts.records == 4
