"""A status section kept as a log of changes (issue 55; EdgeX's decision records in the tenth fresh check): the
record's status is its latest entry, by date where every entry writes one, else the last; a first line with notes
under it stays the status; a heading named like a change log is a status heading, read by its entries. Samples of our
own in tests/fixtures/change_logs/ (SOURCES.md). Pure (no database)."""
from __future__ import annotations

from ingest_run import FIXTURES
from proposal_claims import MD, WHEN, read_as_claims

from provgraph import propose_format
from provgraph.ingest.formats.declaration import declared
from provgraph.ingest.formats.headings import heading_fields
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.records import IngestOptions, Observation

RECORDS = FIXTURES / "change_logs" / "records"
STATUS = frozenset({"status"})


def _status(text: str, names: frozenset[str] = STATUS) -> str | None:
    found = heading_fields(text.splitlines(), names)
    return next((field.value for field in found.values()), None)


def test_a_status_section_of_dated_entries_each_stating_a_status_gives_the_latest_by_date() -> None:
    newest_first = "# T\n\n## Status\n- Deprecated 2024-05-02\n- Accepted 2023-01-03\n- Proposed 2022-11-30\n"
    assert _status(newest_first) == "Deprecated 2024-05-02"
    in_order = "# T\n\n## Status\nProposed on 28 January 2023\nAccepted on 9 December 2023\n"
    assert _status(in_order) == "Accepted on 9 December 2023"


def test_a_status_section_of_undated_entries_each_stating_a_status_gives_the_last() -> None:
    assert _status((RECORDS / ("0006-dark-mode" + MD)).read_text()) == "Deprecated when the design system took over"


def test_a_status_line_with_notes_under_it_that_state_no_status_stays_the_status_when_others_are_logs() -> None:
    # the notes (a vote's date, an update in a sentence) are no entries of a log: the first line is the status
    assert _status((RECORDS / ("0002-cache-reads" + MD)).read_text()) == "Accepted"
    definitions = ("# T\n\n## Status\nAccepted\n- accepted is the decision that the subject is appropriate and we will do it."
                   "\n- rejected is the decision that the subject is not appropriate and we will not do it.\n")
    assert _status(definitions) == "Accepted"  # a template's definitions, long lines, are no log
    assert _status("# T\n\n## Status\nProposed\nAccepted 2023-01-03\n") == "Accepted 2023-01-03"


def test_a_change_log_heading_declared_as_the_status_gives_its_latest_entry_and_no_commented_example() -> None:
    names = frozenset({"status", "change log", "changelog"})
    assert _status((RECORDS / ("0003-split-services" + MD)).read_text(), names) == "[approved](https://example.org/pull/19) (2023-12-09)"
    assert _status((RECORDS / ("0004-retry-calls" + MD)).read_text(), names) == "deprecated (2024-05-02)"
    assert _status((RECORDS / ("0005-one-theme" + MD)).read_text(), names) is None
    fmt = declared({"records": ["[0-9]*.md"], "metadata": ["headings"], "fields": {"status": ["Status", "Change Log"]}})
    assert "change log" in fmt.heading_names


def test_a_change_log_entry_naming_an_edit_changes_no_state() -> None:
    log = "# T\n\n## Changelog\n- 2023-01-03: Accepted\n- 2023-02-10: Fixed typos in the context\n"
    assert _status(log, frozenset({"changelog"})) == "Accepted"


def test_the_proposal_reads_status_sections_and_change_logs_together_each_record_by_its_latest_state() -> None:
    proposal = propose_format(RECORDS)
    assert proposal.store_table()["record"]["fields"]["status"] == ["status", "change log", "changelog"]
    claims = {path: word for path, (_, word) in read_as_claims(proposal, RECORDS).items()}
    assert claims == {"0001-use-queues" + MD: "accepted", "0002-cache-reads" + MD: "accepted",
                      "0003-split-services" + MD: "accepted", "0004-retry-calls" + MD: "deprecated",
                      "0006-dark-mode" + MD: "deprecated"}
    assert any("0005-one-theme" + MD in doubt for doubt in proposal.doubts)


def test_the_default_adr_reading_gives_a_status_sections_latest_entry() -> None:
    fmt = declared({"records": ["*.md"], "metadata": ["adr"]})
    text = b"# Use queues\n\n## Status\n\nProposed 2022-11-30\nAccepted 2023-01-03\n\n## Context\nText.\n"
    read = read_record(fmt, Version("0001-use-queues" + MD, WHEN), text, IngestOptions(store="s"))
    claims = [record.claims[0] for record in read.records if isinstance(record, Observation) and record.claims]
    assert [claim.declared for claim in claims] == ["accepted"]
