"""`provgraph report`: the diff between runs, --fail-on, the four files, the recorded ReportRun."""
from __future__ import annotations

import csv
import json
import re
from pathlib import Path

from cli_helpers import run
from graphs import GraphBuilder
from report_helpers import changed

from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.graph.schema import install_schema
from provgraph.ingest.pipeline import ingest
from provgraph.report import CLAIM_COLUMNS, run_report


def _log(path: Path, *entries: dict) -> Path:
    path.write_text("".join(json.dumps(e) + "\n" for e in entries), encoding="utf-8")
    return path


ENTRY_1 = {"ts": "2026-01-01T10:00:00Z", "id": "cfg-1", "subject": "search.page-size", "scope": "org/acme/search", "value": "20",
           "msg": "20 per page"}
ENTRY_2 = {"ts": "2026-02-01T10:00:00Z", "id": "cfg-2", "subject": "search.timeout", "scope": "org/acme/search", "value": "800",
           "msg": "800 ms"}
ENTRY_3 = {"ts": "2026-03-01T10:00:00Z", "id": "cfg-3", "subject": "search.page-size", "scope": "org/acme/search", "value": "50",
           "msg": "50 per page", "supersedes": "cfg-1"}


def test_claim_superseded_between_two_runs_is_newly_stale_in_the_second_run_only(graph: Graph, tmp_path: Path, make_report) -> None:
    log = _log(tmp_path / "decisions.jsonl", ENTRY_1, ENTRY_2)
    ingest(graph, "logs", log, fmt="jsonl", store="decisions")
    first, data1 = make_report()
    assert first.exit_code == 0, first.output
    assert data1["previous"] is None and changed(data1, "new-stale") == []

    _log(log, ENTRY_1, ENTRY_2, ENTRY_3)  # appended: the log stays append-only
    ingest(graph, "logs", log, fmt="jsonl", store="decisions")
    second, data2 = make_report()
    assert second.exit_code == 0, second.output
    assert data2["previous"]["run"] == data1["run"]
    assert changed(data2, "new-stale") == ["cfg-1"]
    [row] = data2["changes"]["new-stale"]
    assert (row["before"], row["status"], row["reason"], row["successors"]) == ("ACTIVE CURRENT", "STALE", "SUPERSEDED", "cfg-3")
    assert data2["new_claims"] == 1 and data2["counts"] == {"ACTIVE": 2, "STALE": 1, "CONFLICT": 0, "UNKNOWN": 0}
    [view] = data2["lineages"]
    assert view["claim"] == "cfg-1" and view["mermaid"].startswith("flowchart BT") and "cfg-3" in view["mermaid"]
    assert view["tree"].startswith("cfg-1 [STALE SUPERSEDED]") and "cfg-3" in view["tree"]
    markdown = (make_report.out / "report.md").read_text()
    assert "### Newly STALE (1)" in markdown and "| cfg-1 | ACTIVE CURRENT | STALE | SUPERSEDED |" in markdown

    third, data3 = make_report()  # nothing changed since the second run
    assert changed(data3, "new-stale") == [] and data3["new_claims"] == 0


def test_fail_on_new_stale_exits_1_after_writing_the_files_and_only_when_something_is_newly_stale(g: GraphBuilder, make_report) -> None:
    g.claim("old", subject="x", value="1")
    g.claim("new", subject="x", value="2", at="2025-02-01")
    g.supersedes("new", "old", at="2025-02-01")
    tripped, data = make_report("--fail-on", "new-stale")
    assert tripped.exit_code == 1
    assert "provgraph: report --fail-on tripped: new-stale (1)" in tripped.output
    assert data["tripped"] == {"new-stale": 1}
    assert {p.name for p in make_report.out.iterdir()} == {"report.md", "report.html", "claims.csv", "report.json"}
    assert "--fail-on tripped: new-stale (1)" in (make_report.out / "report.md").read_text()
    again, data = make_report("--fail-on", "new-stale")  # still stale, but not newly
    assert again.exit_code == 0, again.output
    assert data["tripped"] == {}


def test_fail_on_new_conflict_trips_on_a_new_rival_pair_and_not_on_other_conditions(g: GraphBuilder, make_report) -> None:
    g.claim("a", subject="refund.window", value="30d", scope="org/acme")
    g.claim("b", subject="refund.window", value="14d", scope="org/acme")
    quiet, _ = make_report("--fail-on", "new-stale,unbound,one-sided", "--format", "json")
    assert quiet.exit_code == 0, quiet.output
    g.claim("c", subject="cache.ttl", value="60", scope="org/acme")
    g.claim("d", subject="cache.ttl", value="300", scope="org/acme")
    tripped, data = make_report("--fail-on", "new-conflict", "--format", "json")
    assert tripped.exit_code == 1
    assert changed(data, "new-conflict") == ["c", "d"]  # a and b were conflicts at the previous run already
    assert data["tripped"] == {"new-conflict": 2}


def test_fail_on_unbound_trips_while_a_reference_is_unresolved(graph: Graph, tmp_path: Path, make_report) -> None:
    log = _log(tmp_path / "decisions.jsonl", ENTRY_2, dict(ENTRY_3, supersedes="cfg-missing"))
    ingest(graph, "logs", log, fmt="jsonl", store="decisions")
    tripped, data = make_report("--fail-on", "unbound")
    assert tripped.exit_code == 1
    assert data["unbound"] == [{"claim": "cfg-missing", "referenced_by": "cfg-3", "kinds": "SUPERSEDES", "new": True}]
    assert changed(data, "new-unbound") == ["cfg-missing"]
    again, data = make_report("--fail-on", "unbound")  # not new any more, but still unresolved
    assert again.exit_code == 1 and data["unbound"][0]["new"] is False
    _log(log, ENTRY_2, dict(ENTRY_3, supersedes="cfg-missing"), dict(ENTRY_1, id="cfg-missing"))
    ingest(graph, "logs", log, fmt="jsonl", store="decisions")
    fixed, data = make_report("--fail-on", "unbound")
    assert fixed.exit_code == 0, fixed.output
    assert data["unbound"] == []


def _adr(folder: Path, name: str, title: str, *lines: str) -> None:
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(f"# {title}\n\nDate: 2025-01-10\n\n## Status\n\n" + "\n\n".join(lines) + "\n\n## Decision\n\n" + title + ".\n")


def test_fail_on_one_sided_trips_when_only_the_newer_adr_records_the_supersession(graph: Graph, tmp_path: Path, make_report) -> None:
    adr = tmp_path / "adr"
    _adr(adr, "0001-postgres.md", "1. Use PostgreSQL", "Accepted")
    _adr(adr, "0002-events.md", "2. Use an event store", "Accepted", "Supersedes [1. Use PostgreSQL](0001-postgres.md)")
    ingest(graph, "files", adr, store="adr")
    tripped, data = make_report("--fail-on", "one-sided")
    assert tripped.exit_code == 1, tripped.output
    assert data["one_sided"] == [{
        "successor": "adr:0002-events.md", "predecessor": "adr:0001-postgres.md", "kind": "SUPERSEDES",
        "recorded_by": "adr:0002-events.md", "missing_from": "adr:0001-postgres.md",
    }]
    _adr(adr, "0001-postgres.md", "1. Use PostgreSQL", "Superseded by [2. Use an event store](0002-events.md)")
    ingest(graph, "files", adr, store="adr")
    both_sides, data = make_report("--fail-on", "one-sided")
    assert both_sides.exit_code == 0, both_sides.output
    assert data["one_sided"] == []
    assert [row["source"] for row in data["sources_changed"]["listed"]] == ["adr:0001-postgres.md"]
    assert data["sources_changed"]["counts"] == {"new": 0, "revised": 1, "deleted": 0}


def test_the_four_files_are_well_formed_and_self_contained(g: GraphBuilder, make_report) -> None:
    g.claim("old", subject="x", value="1", scope="org/acme", text="a | pipe and <b>markup</b>\nover two lines")
    g.claim("new", subject="x", value="2", scope="org/acme", at="2025-02-01")
    g.supersedes("new", "old", at="2025-02-01")
    g.placeholder("https://example.com/never-ingested")
    g.claim("pipe|<id>", subject="y", value="1", declared="rejected")
    result, data = make_report()
    assert result.exit_code == 0, result.output
    out = make_report.out
    assert result.output.splitlines()[1:] == [str(out / name) for name in ("report.md", "report.html", "claims.csv", "report.json")]

    assert data["counts"] == {"ACTIVE": 1, "STALE": 2, "CONFLICT": 0, "UNKNOWN": 1}
    assert {row["store"]: row["total"] for row in data["by_store"]} == {"(none)": 1, "test": 3}

    with (out / "claims.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == CLAIM_COLUMNS
    assert {r["claim"]: (r["status"], r["reason"]) for r in rows} == {
        "new": ("ACTIVE", "CURRENT"), "old": ("STALE", "SUPERSEDED"), "https://example.com/never-ingested": ("UNKNOWN", "UNBOUND"),
        "pipe|<id>": ("STALE", "REJECTED")}
    old = next(r for r in rows if r["claim"] == "old")
    assert old["scope"] == "org/acme" and old["cited"] == f"test:old@{old['snapshot']}" and old["snapshot"].startswith("sha256:")

    markdown = (out / "report.md").read_text()
    assert "```mermaid\nflowchart BT" in markdown
    assert "| status | claims |" in markdown and "| STALE | 2 |" in markdown
    # table cells escape | and <; the claim is named by its id and its record's title (the test source's uid)
    assert "| pipe\\|&lt;id&gt;: test:pipe\\|&lt;id&gt; | - | STALE | REJECTED |" in markdown

    page = (out / "report.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert not re.search(r"""(src|href)\s*=\s*["']?[a-z]+://""", page, re.IGNORECASE)
    assert "<script" not in page.lower() and "<link" not in page.lower()
    assert '<pre class="mermaid">flowchart BT' in page and '<pre class="tree">old [STALE SUPERSEDED]' in page
    assert "https://example.com/never-ingested" in page  # shown as text, never as a link


def test_each_run_is_recorded_with_every_claims_status_for_its_scope(graph: Graph, g: GraphBuilder, tmp_path: Path) -> None:
    g.claim("pay", subject="p", value="1", scope="org/acme/payments")
    g.claim("search", subject="s", value="1", scope="org/acme/search")
    g.claim("everywhere", subject="e", value="1", scope="")
    whole = run_report(graph, tmp_path / "whole", formats="json")
    scoped = run_report(graph, tmp_path / "search", scope="org/acme/search", formats="json")
    runs = graph.read("MATCH (r:ReportRun) RETURN r.uid AS uid, r.scope AS scope, r.ran_at AS ran_at, r.summary AS summary ORDER BY r.ran_at")
    assert [(r["uid"], r["scope"]) for r in runs] == [(whole.report.uid, ""), (scoped.report.uid, "org/acme/search")]
    assert json.loads(runs[0]["summary"]) == {row.claim: [row.status, row.reason] for row in status(graph)}
    assert sorted(json.loads(runs[1]["summary"])) == ["everywhere", "search"]  # inside the scope, or covering it
    again = run_report(graph, tmp_path / "search", scope="org/acme/search", formats="json")
    assert again.report.previous.uid == scoped.report.uid  # each scope diffs against its own previous run


def test_format_picks_the_files_and_bad_options_are_usage_errors(g: GraphBuilder, make_report) -> None:
    g.claim("a")
    only, _ = make_report("--format", "md,json")
    assert only.exit_code == 0, only.output
    assert sorted(p.name for p in make_report.out.iterdir()) == ["report.json", "report.md"]
    bad, _ = make_report("--format", "pdf")
    assert bad.exit_code == 2 and "--format: unknown value pdf" in bad.output
    bad, _ = make_report("--fail-on", "new-stale,everything")
    assert bad.exit_code == 2 and "--fail-on: unknown value everything" in bad.output


def test_log_rewrites_quarantined_records_and_deleted_sources_since_the_last_run_are_listed(graph: Graph, tmp_path: Path, make_report) -> None:
    log = _log(tmp_path / "decisions.jsonl", ENTRY_1, ENTRY_2)
    ingest(graph, "logs", log, fmt="jsonl", store="decisions")
    make_report()
    _log(log, dict(ENTRY_1, value="25"), ENTRY_2)  # an already-ingested line changed
    ingest(graph, "logs", log, fmt="jsonl", store="decisions")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"ts": "2026-01-01T00:00:00Z", "id": "ok-1", "msg": "fine"}\n{not json\n', encoding="utf-8")
    ingest(graph, "logs", bad, fmt="jsonl", store="bad")
    _, data = make_report()
    assert data["log_rewrites"]["count"] == 1
    assert data["log_rewrites"]["listed"][0]["store"] == "decisions"
    assert data["quarantined"]["count"] == 1
    assert (data["quarantined"]["listed"][0]["store"], data["quarantined"]["listed"][0]["line"]) == ("bad", 2)
    assert data["sources_changed"]["counts"]["revised"] >= 1
    assert ("cfg-1", "STALE", "SOURCE_REVISED") in {(r["claim"], r["status"], r["reason"]) for r in data["changes"]["new-stale"]}
    _, data = make_report()  # reported once, not every night
    assert data["log_rewrites"]["count"] == 0 and data["quarantined"]["count"] == 0


def test_claims_csv_is_written_in_chunks_with_one_header_and_every_claim(graph: Graph, g: GraphBuilder, tmp_path: Path, monkeypatch) -> None:
    import provgraph.report.build as report_module

    monkeypatch.setattr(report_module, "_CSV_CHUNK", 3)
    uids = g.chain("c", 10)  # c0 <- c1 <- ... <- c9
    result = run_report(graph, tmp_path / "out", formats="csv")
    assert [p.name for p in result.paths] == ["claims.csv"]
    with (tmp_path / "out" / "claims.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["claim"] for r in rows] == sorted(uids)
    assert sum(r["status"] == "STALE" for r in rows) == 9
    assert not list((tmp_path / "out").glob("*.partial"))


def test_a_failed_report_leaves_no_half_written_folder_and_an_earlier_report_untouched(
        graph: Graph, tmp_path: Path) -> None:
    cards = Path(__file__).resolve().parents[2] / "examples" / "cards" / "board.jsonl"
    assert run("ingest", "cards", str(cards)).exit_code in (0, 1)  # claims with full-text fields, as ingest writes them
    kept = tmp_path / "kept"
    assert run("report", "--out", str(kept), "--no-record").exit_code == 0
    before = {path.name: path.read_bytes() for path in kept.iterdir()}
    # the failure: claims.csv is streamed, then the suspects lookup finds no full-text index
    graph.run("DROP INDEX claim_search", write=True)
    graph.write("MATCH (s:ProvgraphSchema) DELETE s")
    try:
        for out in (tmp_path / "new", kept):
            failed = run("report", "--out", str(out), "--no-record")
            assert failed.exit_code == 2 and "claim_search" in failed.stderr, failed.output
        assert not (tmp_path / "new").exists()
        assert {path.name: path.read_bytes() for path in kept.iterdir()} == before
        assert sorted(path.name for path in tmp_path.iterdir()) == ["kept"]  # no staging folder left behind
    finally:
        install_schema(graph)


def test_report_md_keeps_its_own_code_spans_and_escapes_the_data_it_shows(g: GraphBuilder, graph: Graph,
                                                                          tmp_path: Path) -> None:
    g.claim("a", subject="x", value="1", scope="org/a`b", at="2025-01-01")
    run_report(graph, tmp_path / "out", scope="org/a`b", formats="md,html")
    markdown = (tmp_path / "out" / "report.md").read_text()
    assert "(`provgraph suspects`)" in markdown and "`provgraph adjudicate --keep LATER --retire EARLIER`" in markdown
    assert "\\`provgraph" not in markdown
    assert "org/a\\`b" in markdown  # a backtick in the data stays text
    page = (tmp_path / "out" / "report.html").read_text()
    assert "<code>provgraph suspects</code>" in page
