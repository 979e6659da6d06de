"""Every status row says when, what, where and who (issue 23): since, because, and the record's commit, author,
committer, file and line, stored at write time and computed the same way when read for another scope or time."""
from __future__ import annotations

import json
import shutil

import pytest
from audit_story import utc
from cli_helpers import run

from provgraph.engine.status import status

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def test_git_snapshots_store_the_commit_author_and_committer(graph, told):
    rows = graph.read("MATCH (s:Snapshot {version: $v}) RETURN s.author AS author, s.committer AS committer, "
                      "s.authored_at AS authored ORDER BY s.uid", {"v": told["supersede"]})
    assert {(row["author"], row["committer"]) for row in rows} == {
        ("Cy Twombly <cy@example.com>", "Dee Merge <dee@example.com>")}
    assert rows[0]["authored"].to_native() == utc("2024-03-01T10:00:00+00:00")


def test_superseded_status_says_since_the_commit_author_and_the_link_line_not_the_decision(graph, told):
    [row] = status(graph, ["adr:0001-queues.md"])
    assert (row.status, row.reason) == ("STALE", "SUPERSEDED")
    assert row.since == utc("2024-03-01T10:00:00+00:00")
    assert (row.because_kind, row.because) == ("record", "adr:0002-nats.md")
    assert row.because_commit == told["supersede"]
    assert row.because_author == "Cy Twombly <cy@example.com>"
    assert row.because_committer == "Dee Merge <dee@example.com>"
    assert (row.because_file, row.because_line) == ("0001-queues.md", 7)  # "Superseded by [..]", not ## Decision
    assert row.lines == (11, 11)


def test_account_at_past_instants_follows_the_history(graph, told):
    [active] = status(graph, ["adr:0001-queues.md"], at="2024-02-15T00:00:00Z")
    assert (active.status, active.since, active.because_commit) == ("ACTIVE", utc("2024-02-01T10:00:00+00:00"), told["accept"])
    assert (active.because_author, active.because_file, active.because_line) == ("Bob Ross <bob@example.com>", "0001-queues.md", 7)
    [proposed] = status(graph, ["adr:0001-queues.md"], at="2024-01-15T00:00:00Z")
    assert (proposed.reason, proposed.since, proposed.because_author) == (
        "PROPOSED", utc("2024-01-01T10:00:00+00:00"), "Ada Lovelace <ada@example.com>")


def test_rejection_with_no_link_is_accounted_to_the_commit_that_wrote_the_word(graph, told):
    [row] = status(graph, ["adr:0003-retention.md"])
    assert (row.status, row.reason, row.since) == ("STALE", "REJECTED", utc("2024-04-01T10:00:00+00:00"))
    assert (row.because_commit, row.because_author, row.because_line) == (told["reject"], "Bob Ross <bob@example.com>", 7)


def test_stored_account_equals_the_one_computed_when_read(graph, told):
    stored = {row.claim: row for row in status(graph, None)}
    computed = {row.claim: row for row in status(graph, None, scope="")}
    assert graph.read("MATCH (c:Claim {uid: 'adr:0001-queues.md'}) RETURN c.status_since AS since")[0]["since"] is not None
    for uid, row in stored.items():
        assert row.to_dict() | {"question_scope": None} == computed[uid].to_dict() | {"question_scope": None}, uid


def test_adjudication_is_the_because_with_who_decided(graph, told):
    result = run("adjudicate", "--keep", "adr:0003-retention.md", "--retire", "adr:0002-nats.md", "--by", "Grace",
                 "--why", "test", "--at", "2024-05-01T00:00:00Z")
    assert result.exit_code == 0, result.output
    [row] = status(graph, ["adr:0002-nats.md"])
    assert (row.reason, row.since, row.because_kind, row.because_by) == (
        "SUPERSEDED", utc("2024-05-01T00:00:00+00:00"), "adjudication", "Grace")
    assert row.because.startswith("adj:")


def test_status_text_shows_the_account_on_one_line_and_json_csv_carry_it(graph, told):
    text = run("status", "adr:0001-queues.md").output.strip().splitlines()
    assert len(text) == 1
    assert "since 2024-03-01T10:00:00Z" in text[0]
    assert "0001-queues.md:7" in text[0] and told["supersede"][:12] in text[0] and "Cy Twombly" in text[0]
    [row] = json.loads(run("status", "adr:0001-queues.md", "--format", "json").output)
    assert (row["since"], row["because"], row["because_line"]) == ("2024-03-01T10:00:00Z", "adr:0002-nats.md", 7)
    csv = run("status", "adr:0001-queues.md", "--format", "csv").output.splitlines()
    assert "since" in csv[0].split(",") and "because_author" in csv[0].split(",")
    assert "Cy Twombly <cy@example.com>" in csv[1]


def test_lineage_shows_the_account_of_the_claim_and_of_each_edge(graph, told):
    tree = run("lineage", "adr:0001-queues.md").output
    assert "since 2024-03-01T10:00:00Z" in tree
    [edge_line] = [line for line in tree.splitlines() if line.strip().startswith("edge:")]
    assert told["supersede"][:12] in edge_line and "Cy Twombly" in edge_line and "0001-queues.md:7" in edge_line
    [edge] = json.loads(run("lineage", "adr:0001-queues.md", "--format", "json").output)["edges"]
    assert edge["since"] == "2024-03-01T10:00:00Z"
    assert (edge["recorded_by"]["commit"], edge["recorded_by"]["file"], edge["recorded_by"]["line"]) == (
        told["supersede"], "0001-queues.md", 7)
