"""Jira CSV exports and JSON search responses -> one ticket source and claim per issue."""
from __future__ import annotations

import json

import pytest
from ingest_run import EXAMPLES, FIXTURES, run

from provgraph.base.errors import InputError
from provgraph.ingest.jira import declared_word, link_edge
from provgraph.ingest.records import canonical_json, quote_hash, sha256_hex

CSV = FIXTURES / "tickets" / "jira-links.csv"
SEARCH = FIXTURES / "tickets" / "jira-search.json"


def test_csv_issue_becomes_ticket_source_and_claim_keyed_by_issue_key():
    observation = run("tickets", "jira-csv", CSV, store="jira").observation("PAY-200")
    assert observation.source.uid == "jira:PAY-200"
    assert (observation.source.kind, observation.source.locator, observation.source.title) == ("ticket", "PAY-200", "Keep card data in vault v2")
    claim = observation.claims[0]
    assert claim.text == "Keep card data in vault v2\n\nTokens move to vault v2.\nVault v1 is read-only from March.\n\nSigned off by security."
    assert claim.asserted_at.isoformat() == "2026-02-01T09:00:00+00:00"
    assert observation.snapshot.revised_at.isoformat() == "2026-02-03T16:15:00+00:00"
    assert observation.snapshot.version == "2026-02-03T16:15:00Z"  # ISO, not the export's "03/Feb/26 4:15 PM"


def test_every_repeated_labels_column_is_read():
    claim = run("tickets", "jira-csv", CSV).claim("PAY-200")
    # subject: and scope: sit in the 2nd and 3rd of three Labels columns
    assert (claim.subject, claim.scope) == ("payments.token-store", "org/acme/payments")


def test_every_repeated_link_column_is_read_in_both_directions():
    assert run("tickets", "jira-csv", CSV).edges("PAY-200") == {
        ("SUPERSEDES", "PAY-200", "PAY-101", None),  # Outward (Supersedes), first column
        ("SUPERSEDES", "PAY-200", "PAY-140", None),  # Outward (Supersedes), second column
        ("SUPERSEDES", "PAY-300", "PAY-200", None),  # Inward (Supersedes)
        ("SUPERSEDES", "PAY-200", "PAY-201", None),  # Inward (Duplicate): PAY-201 duplicates this
        ("DEPENDS_ON", "PAY-210", "PAY-200", None),  # Outward (Blocks): this blocks PAY-210
        ("DEPENDS_ON", "PAY-200", "PAY-190", None),  # Inward (Blocks): PAY-190 blocks this
        ("RELATES", "PAY-200", "PAY-199", "cloners"),
        ("RELATES", "PAY-200", "PAY-9", "relates"),
    }


def test_duplicate_link_read_from_the_duplicate_side_gives_the_same_edge():
    result = run("tickets", "jira-csv", CSV)
    # PAY-201 "duplicates" PAY-200 (Outward issue link (Duplicate)): the original supersedes it
    assert result.edges("PAY-201") == {("SUPERSEDES", "PAY-200", "PAY-201", None)}
    assert result.claim("PAY-201").declared == "superseded"


def test_unknown_link_type_is_kept_as_relates_with_a_notice():
    notices = run("tickets", "jira-csv", CSV).notices
    assert any(n.kind == "unknown_link_type" and n.subject == "PAY-200" and "Cloners" in n.detail for n in notices)


def test_csv_citation_covers_the_physical_lines_of_a_multiline_row():
    claim = run("tickets", "jira-csv", CSV).claim("PAY-200")
    assert (claim.line_start, claim.line_end) == (2, 5)
    physical = CSV.read_text(encoding="utf-8-sig").split("\n")[1:5]
    assert claim.quote_sha256 == quote_hash(physical)
    assert run("tickets", "jira-csv", CSV).claim("PAY-210").line_start == 7


def test_csv_snapshot_hash_is_stable_and_changes_when_the_row_changes(tmp_path):
    first = run("tickets", "jira-csv", CSV).observation("PAY-201").snapshot.sha256
    assert first == run("tickets", "jira-csv", CSV).observation("PAY-201").snapshot.sha256
    edited = tmp_path / "edited.csv"
    edited.write_text(CSV.read_text(encoding="utf-8-sig").replace("Same as PAY-200.", "Same as PAY-200!"), encoding="utf-8")
    assert run("tickets", "jira-csv", edited).observation("PAY-201").snapshot.sha256 != first
    edited_hash = run("tickets", "jira-csv", edited).observation("PAY-200").snapshot.sha256
    assert edited_hash == run("tickets", "jira-csv", CSV).observation("PAY-200").snapshot.sha256


@pytest.mark.parametrize(
    "status, resolution, declared",
    [
        ("Done", "Done", "accepted"),
        ("Closed", "Duplicate", "superseded"),
        ("Closed", "Won't Do", "rejected"),
        ("Resolved", "Won\u2019t Fix", "rejected"),
        ("Closed", "Declined", "rejected"),
        ("In Review", "", "proposed"),
        ("Backlog", "", "proposed"),
        ("Waiting for support", "", "waiting for support"),
        ("On Hold", "", "on-hold"),
        ("Cancelled", "Withdrawn", "withdrawn"),
        ("", "", None),
    ],
)
def test_resolution_then_status_declare_the_lifecycle(status, resolution, declared):
    assert declared_word(status, resolution) == declared


def test_csv_bad_rows_are_quarantined_with_their_line_and_blank_rows_skipped():
    result = run("tickets", "jira-csv", CSV)
    assert [(q.line, q.reason) for q in result.quarantined] == [(11, "empty Issue key"), (12, "Created is not a timestamp: 'someday'")]
    assert [o.claims[0].uid for o in result.observations] == ["PAY-200", "PAY-201", "PAY-210", "PAY-211", "PAY-212"]


def test_csv_self_link_is_dropped_with_a_notice():
    result = run("tickets", "jira-csv", CSV)
    assert result.edges("PAY-212") == set()
    assert any(n.kind == "self_reference" and n.subject == "PAY-212" for n in result.notices)


def test_csv_without_issue_key_column_is_an_input_error(tmp_path):
    path = tmp_path / "not-jira.csv"
    path.write_text("Summary,Status\nx,Done\n", encoding="utf-8")
    with pytest.raises(InputError, match="Issue key"):
        run("tickets", "jira-csv", path)


def test_empty_csv_is_an_input_error(tmp_path):
    path = tmp_path / "empty.csv"
    path.write_bytes(b"")
    with pytest.raises(InputError, match="empty"):
        run("tickets", "jira-csv", path)


def test_csv_with_non_utf8_bytes_nul_and_hostile_values_is_kept_as_text(tmp_path):
    path = tmp_path / "latin1.csv"
    path.write_bytes(
        b"Issue key,Summary,Created,Description\r\n"
        b"PAY-1,Caf\xe9 d\xe9cision,01/Feb/26 9:00 AM,\"a\x00b'}) DETACH DELETE n //\"\r\n"
        b"PAY-2,short row\r\n"
    )
    result = run("tickets", "jira-csv", path)
    claim = result.claim("PAY-1")
    assert claim.text == "Caf\ufffd d\ufffdcision\n\na\x00b'}) DETACH DELETE n //"
    assert [n.kind for n in result.notices] == ["invalid_utf8"]
    assert [(q.line, q.reason) for q in result.quarantined] == [(3, "PAY-2: missing Updated and Created")]


def test_json_search_issue_links_map_in_both_directions():
    result = run("tickets", "jira-json", SEARCH, store="jira")
    assert result.edges("OPS-30") == {
        ("SUPERSEDES", "OPS-30", "OPS-7", None),
        ("SUPERSEDES", "OPS-40", "OPS-30", None),
        ("SUPERSEDES", "OPS-30", "OPS-31", None),  # OPS-31 duplicates OPS-30
        ("DEPENDS_ON", "OPS-30", "OPS-2", None),  # OPS-2 blocks OPS-30
        ("RELATES", "OPS-30", "OPS-99", "problem/incident"),
    }
    assert result.edges("OPS-31") == {("SUPERSEDES", "OPS-30", "OPS-31", None)}
    kinds = sorted(n.kind for n in result.notices)
    assert kinds == ["unknown_link_type", "unreadable_link"]


def test_json_search_issue_fields_and_snapshot():
    response = json.loads(SEARCH.read_text())
    observation = run("tickets", "jira-json", SEARCH, store="jira").observation("OPS-30")
    assert observation.source.uid == "jira:OPS-30"
    assert observation.snapshot.sha256 == sha256_hex(canonical_json(response["issues"][0]))
    assert observation.snapshot.version == "2025-12-03T08:00:00Z"  # ISO, not "2025-12-03T08:00:00.000+0000"
    assert observation.snapshot.revised_at.isoformat() == "2025-12-03T08:00:00+00:00"
    claim = observation.claims[0]
    assert (claim.text, claim.subject, claim.scope, claim.declared) == ("Backups at 04:00 UTC", "ops.backup-window", "org/acme/ops", "accepted")
    assert claim.line_start is None and claim.quote_sha256 == observation.snapshot.sha256


def test_json_search_reads_an_atlassian_document_description_as_text():
    claim = run("tickets", "jira-json", SEARCH).claim("OPS-31")
    assert claim.text == "Backups at 4am\n\nSame as OPS-30.\nClosing."
    assert claim.declared == "superseded"


def test_json_search_bad_issues_are_quarantined_and_the_rest_ingested():
    result = run("tickets", "jira-json", SEARCH)
    assert [q.reason for q in result.quarantined] == ["issues[3]: empty key", "issues[4]: OPS-33: no `fields` object"]
    assert [o.claims[0].uid for o in result.observations] == ["OPS-30", "OPS-31", "OPS-32"]
    assert result.claim("OPS-32").declared == "rejected"


@pytest.mark.parametrize("content", [b"[]", b'{"values": []}', b"Issue key\nPAY-1\n"])
def test_json_that_is_not_a_search_response_is_an_input_error(tmp_path, content):
    path = tmp_path / "search.json"
    path.write_bytes(content)
    with pytest.raises(InputError):
        run("tickets", "jira-json", path)


@pytest.mark.parametrize(
    "direction, link_type, expected",
    [
        ("outward", "Supersedes", ("SUPERSEDES", "A-1", "B-1", None)),
        ("inward", "Supersedes", ("SUPERSEDES", "B-1", "A-1", None)),
        ("outward", "Duplicate", ("SUPERSEDES", "B-1", "A-1", None)),
        ("inward", "Duplicate", ("SUPERSEDES", "A-1", "B-1", None)),
        ("outward", "Blocks", ("DEPENDS_ON", "B-1", "A-1", None)),
        ("inward", "Blocks", ("DEPENDS_ON", "A-1", "B-1", None)),
        ("outward", "Relates", ("RELATES", "A-1", "B-1", "relates")),
    ],
)
def test_link_type_and_direction_give_the_edge(direction, link_type, expected):
    edge, notice = link_edge("A-1", direction, link_type, "B-1")
    assert (edge.kind, edge.from_ref, edge.to_ref, edge.verb) == expected
    assert notice is None


def test_bundled_examples_ingest_cleanly():
    csv_result = run("tickets", "jira-csv", EXAMPLES / "tickets" / "jira-export.csv")
    assert ("SUPERSEDES", "PAY-140", "PAY-101", None) in csv_result.edges("PAY-101")
    assert ("SUPERSEDES", "PAY-140", "PAY-101", None) in csv_result.edges("PAY-140")
    assert csv_result.claim("PAY-150").declared == "proposed"
    json_result = run("tickets", "jira-json", EXAMPLES / "tickets" / "jira-search.json")
    assert json_result.edges("OPS-19") == {("SUPERSEDES", "OPS-19", "OPS-7", None)}
    assert not csv_result.quarantined and not json_result.quarantined
