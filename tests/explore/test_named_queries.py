"""`provgraph query NAME | --list`: the named .cypher files, their headers, the write-mode guard."""
from __future__ import annotations

import json
import re

import pytest
from explore_helpers import EXAMPLES, ingest_examples, node_count, run

from provgraph import cypher
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

MINE = ["sources_of_store", "claim_history", "snapshots_between", "unresolved_references", "quarantined", "adjudications"]


def query_json(*args: str) -> list[dict]:
    result = run("query", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_list_shows_every_cypher_file_with_its_description_and_needs_no_database() -> None:
    result = run("query", "--list", "--uri", "bolt://127.0.0.1:9")  # nothing listens there
    assert result.exit_code == 0, result.output
    flowing = " ".join(result.output.split())
    for path in sorted(cypher.QUERY_DIR.glob("*.cypher")):
        named = cypher.load(path.stem)
        assert f" {named.name} {' '.join(named.description.split())}" in flowing


def test_list_puts_write_mode_statements_under_their_own_heading() -> None:
    output = run("query", "--list").output
    heading = output.index("Internal pipeline statements")
    for named in cypher.all_queries():
        position = re.search(rf"^  {re.escape(named.name)} ", output, re.MULTILINE).start()
        assert (position > heading) == (named.mode == "write"), named.name


def test_write_mode_query_is_refused_without_write_and_writes_nothing(graph: Graph) -> None:
    result = run("query", "ingest_quarantine", "--param", "quarantined=[]", "--param", "findings=[]",
                 "--param", "observed_at=now")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "--write" in result.output
    assert node_count(graph) == 0


def test_write_mode_query_runs_with_write(graph: Graph) -> None:
    rows = '[{"uid": "q1", "store": "s", "file": "f.jsonl", "line": 3, "reason": "bad json"}]'
    result = run("query", "ingest_quarantine", "--param", f"quarantined={rows}", "--param", "findings=[]",
                 "--param", "observed_at=2026-01-01T00:00:00Z", "--write")
    assert result.exit_code == 0, result.output
    assert query_json("quarantined", "--param", "store=s") == [
        {"store": "s", "file": "f.jsonl", "line": 3, "reason": "bad json", "observed_at": "2026-01-01T00:00:00+00:00"}]


def test_unknown_query_and_missing_or_unknown_params_are_usage_errors(graph: Graph) -> None:
    for args in (["no_such_query"], ["claim_history"], ["claim_history", "--param", "claim=x", "--param", "extra=1"],
                 ["../status"], []):
        result = run("query", *args)
        assert result.exit_code == 2, args
        assert result.output.count("\n") == 1, result.output


def test_sources_of_store_lists_each_source_with_its_latest_snapshot(graph: Graph) -> None:
    ingest_examples(graph)
    rows = query_json("sources_of_store", "--param", "store=adr")
    assert [row["source"] for row in rows] == sorted(f"adr:{p.name}" for p in (EXAMPLES / "adr").glob("*.md"))
    assert all(row["snapshots"] == 1 and len(row["sha256"]) == 64 and row["deleted"] is False for row in rows)


def test_claim_history_shows_every_citing_snapshot_with_what_it_said(graph: Graph, tmp_path) -> None:
    board = tmp_path / "board.jsonl"
    card = {"id": "c1", "url": "https://b/c1", "ts": 1767225600000, "subject": "k", "value": "1", "content": "one\ntwo",
            "edges": []}
    board.write_text(json.dumps(card) + "\n")
    ingest(graph, "cards", board, store="board")
    board.write_text(json.dumps({**card, "ts": 1769904000000, "value": "2", "content": "uno"}) + "\n")
    ingest(graph, "cards", board, store="board")
    rows = query_json("claim_history", "--param", "claim=https://b/c1")  # by alias
    assert [(row["claim"], row["value"], row["revised_at"]) for row in rows] == [
        ("c1", "1", "2026-01-01T00:00:00+00:00"), ("c1", "2", "2026-02-01T00:00:00+00:00")]
    assert rows[0]["until"] == rows[1]["revised_at"] and rows[1]["until"] is None
    assert all(row["line_start"] is not None for row in rows)


def test_snapshots_between_takes_iso_times_and_keeps_the_window_half_open(graph: Graph) -> None:
    ingest(graph, "logs", EXAMPLES / "logs" / "decisions.jsonl", fmt="jsonl")
    rows = query_json("snapshots_between", "--param", "from=2026-02-01T10:00:00Z", "--param", "to=2026-03-10T14:00:00Z")
    assert [row["source"].rsplit("#", 1)[1] for row in rows] == ["cfg-1", "cfg-2"]
    assert all(row["claims"] == 1 and row["previous_sha256"] is None for row in rows)


def test_unresolved_references_names_each_placeholder_and_who_points_at_it(graph: Graph, tmp_path) -> None:
    ingest(graph, "cards", EXAMPLES / "cards" / "board.jsonl")
    assert query_json("unresolved_references") == []  # its runbook `source` link is an external reference
    board = tmp_path / "board.jsonl"
    board.write_text('{"id": "card:x", "ts": "2026-01-01T00:00:00Z", "content": "# X", '
                     '"edges": [{"verb": "depends_on", "target": "card:never-ingested"}]}\n')
    ingest(graph, "cards", board, store="more")
    rows = query_json("unresolved_references")
    assert {(row["placeholder"], row["kind"], row["verb"]) for row in rows} == {("card:never-ingested", "DEPENDS_ON", None)}
    assert rows[0]["referrer"] == "card:x" and rows[0]["recorded_by"] == ["more:card:x"]


def test_quarantined_lists_bad_input_with_file_line_and_reason(graph: Graph, tmp_path) -> None:
    log = tmp_path / "broken.jsonl"
    log.write_text('{"ts": "2026-01-01T00:00:00Z", "id": "ok-1", "msg": "fine"}\n{not json\n')
    ingest(graph, "logs", log, fmt="jsonl", store="broken")
    rows = query_json("quarantined", "--param", "store=broken")
    assert len(rows) == 1 and rows[0]["line"] == 2 and rows[0]["file"].endswith("broken.jsonl") and rows[0]["reason"]
    assert query_json("quarantined", "--param", "store=elsewhere") == []


def test_adjudications_lists_who_decided_what(graph: Graph) -> None:
    ingest(graph, "logs", EXAMPLES / "logs" / "decisions.jsonl", fmt="jsonl", policy="latest-wins")
    rows = query_json("adjudications")
    assert rows and all(row["policy"] == "latest-wins" and row["revoked_at"] is None for row in rows)
    assert {(tuple(row["keeps"]), tuple(row["retires"])) for row in rows} >= {(("cfg-3",), ("cfg-1",))}


@pytest.mark.parametrize("name", MINE)
def test_named_query_has_full_header_and_is_read_only(name: str) -> None:
    named = cypher.load(name)
    assert named.mode == "read" and named.description
    assert named.text.splitlines()[0] == f"// name: {name}"
    for param in named.params.values():
        assert param
        assert param


def test_print_shows_the_query_with_its_rule_fragments_expanded_and_needs_no_database() -> None:
    result = run("query", "status", "--print", "--uri", "bolt://127.0.0.1:9")  # nothing listens there
    assert result.exit_code == 0, result.output
    assert result.stdout == cypher.load("status").text
    assert "// INCLUDE" not in result.stdout and "// BEGIN base-rules" in result.stdout
    assert "// INCLUDE base-rules" in (cypher.QUERY_DIR / "status.cypher").read_text(encoding="utf-8")


def test_a_named_query_is_sent_without_its_comment_lines_and_an_ad_hoc_one_as_written() -> None:
    text = cypher.load("verify_requests").text
    sent = cypher.wire(text)
    assert "// BEGIN" in text and len(sent) < 0.7 * len(text)
    assert [line for line in sent.splitlines() if line.startswith("//") or line != line.strip()] == ["// name: verify_requests"]
    assert cypher.load("status_store").wire.startswith(cypher.KEEP_PLAN.strip() + "\n")
    assert sent == cypher.load("verify_requests").wire
    ad_hoc = "MATCH (c:Claim) // a note\n  RETURN c.uid AS uid"
    assert cypher.wire(ad_hoc) == ad_hoc


_STRING = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|`[^`]*`")


def test_no_named_query_has_a_string_that_spans_lines() -> None:
    """What makes dropping comment lines and indentation safe (cypher.wire): every quote closes on its own line."""
    for query in cypher.all_queries():
        for number, line in enumerate(query.text.splitlines(), 1):
            code = _STRING.sub("", line).split("//", 1)[0]
            assert not set("'\"`") & set(code), f"{query.name} line {number}: a string or name left open: {line!r}"
