"""`provgraph changes --from A --to B` and `report --at T` (issue 23): what changed between two dates, with the
record, commit and author that changed it; a past report reproduced; a first report says "first run"."""
from __future__ import annotations

import csv
import io
import json
import shutil

import pytest
from cli_helpers import run

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def test_changes_between_two_dates_name_before_after_when_record_commit_and_author(graph, told):
    result = run("changes", "--from", "2024-01-15", "--to", "2024-03-15", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["from"] == "2024-01-15T00:00:00Z"
    rows = [(c["claim"], c["before_status"], c["before_reason"], c["after_status"], c["after_reason"], c["changed_at"])
            for c in data["changes"]]
    assert rows == [
        ("adr:0001-queues.md", "UNKNOWN", "PROPOSED", "STALE", "SUPERSEDED", "2024-03-01T10:00:00Z"),
        ("adr:0002-nats.md", "UNKNOWN", "NOT_YET_ASSERTED", "ACTIVE", "CURRENT", "2024-03-01T10:00:00Z"),
    ]  # 0003 was PROPOSED at both instants: not listed
    first = data["changes"][0]
    assert (first["because"], first["because_commit"], first["because_author"], first["because_file"],
            first["because_line"]) == ("adr:0002-nats.md", told["supersede"], "Cy Twombly <cy@example.com>",
                                        "0001-queues.md", 7)


def test_changes_in_table_csv_and_markdown(graph, told):
    table = run("changes", "--from", "2024-03-15", "--to", "2024-04-15").output.strip().splitlines()
    assert len(table) == 1
    assert table[0].startswith("2024-04-01T10:00:00Z  adr:0003-retention.md  UNKNOWN PROPOSED -> STALE REJECTED")
    assert "Bob Ross" in table[0] and told["reject"][:12] in table[0] and "0003-retention.md:7" in table[0]
    rows = list(csv.DictReader(io.StringIO(run("changes", "--from", "2024-03-15", "--to", "2024-04-15",
                                               "--format", "csv").output)))
    assert [(r["claim"], r["after_reason"], r["because_author"]) for r in rows] == [
        ("adr:0003-retention.md", "REJECTED", "Bob Ross <bob@example.com>")]
    markdown = run("changes", "--from", "2024-03-15", "--to", "2024-04-15", "--format", "md").output
    assert "| changed at | claim | before | after |" in markdown
    assert "UNKNOWN PROPOSED | STALE REJECTED" in markdown and "0003-retention.md:7" in markdown


def test_changes_with_nothing_changed_unknown_store_and_reversed_window(graph, told):
    assert run("changes", "--from", "2024-04-15", "--to", "2024-05-01").output.strip() == (
        "no status changed between the two instants")
    assert run("changes", "--from", "2024-01-15", "--store", "adr", "--format", "json").exit_code == 0
    unknown = run("changes", "--from", "2024-01-15", "--store", "nope")
    assert unknown.exit_code != 0 and "no store named 'nope'" in unknown.output
    backwards = run("changes", "--from", "2024-05-01", "--to", "2024-01-01")
    assert backwards.exit_code == 2 and "must come before" in backwards.output


def test_report_at_a_past_instant_reproduces_its_statuses_and_a_first_run_never_says_newly(graph, told, tmp_path):
    now = run("report", "--out", str(tmp_path / "r"), "--format", "json")
    assert now.exit_code == 0, now.output
    assert "first run" in now.output and "newly" not in now.output
    past = run("report", "--out", str(tmp_path / "r"), "--format", "json", "--at", "2024-03-15")
    assert past.exit_code == 0, past.output
    assert "first run" in past.output and "newly" not in past.output  # no run was recorded before 15 March
    data = json.loads((tmp_path / "r" / "report.json").read_text())
    counts = data["counts"]
    assert (counts["ACTIVE"], counts["STALE"], counts["UNKNOWN"]) == (1, 1, 1)
    runs = graph.read("MATCH (r:ReportRun) RETURN r.ran_at AS at, r.baseline AS baseline")
    assert len(runs) == 1, runs  # the past report is not recorded
    again = run("report", "--out", str(tmp_path / "r"), "--format", "json")
    assert "since " in again.output and "0 newly STALE" in again.output
