"""`provgraph status | lineage | conflicts` through click's CliRunner: formats, ordering, exit codes."""
from __future__ import annotations

import csv
import io
import json
import re

from cli_helpers import run


def _story(g) -> None:
    g.claim("s13", subject="user.location", value="Seattle", scope="user/u1", at="2025-01-13", lines=(4, 6))
    g.claim("s33", subject="user.location", value="Austin", scope="user/u1", at="2025-01-30")
    g.claim("old", scope="org", at="2025-01-01")
    g.claim("new", scope="org", at="2025-02-01")
    g.supersedes("new", "old", at="2025-02-01")


def test_status_json_has_the_design_fields_and_is_deterministic(graph, g):
    _story(g)
    first = run("status", "--format", "json")
    assert first.exit_code == 0, first.output
    rows = json.loads(first.output)
    assert [row["claim"] for row in rows] == ["new", "old", "s13", "s33"]
    for key in ("claim", "status", "reason", "scope", "subject", "value", "source", "snapshot", "lines", "successors",
                "conflicts_with"):
        assert key in rows[0]
    by = {row["claim"]: row for row in rows}
    assert (by["old"]["status"], by["old"]["reason"], by["old"]["successors"]) == ("STALE", "SUPERSEDED", ["new"])
    assert by["s13"]["conflicts_with"] == ["s33"] and by["s13"]["lines"] == [4, 6]
    assert re.fullmatch(r"sha256:[0-9a-f]{64}", by["s13"]["snapshot"])
    assert run("status", "--format", "json").output == first.output  # byte-identical on an unchanged graph


def test_status_ids_at_scope_only(graph, g):
    _story(g)
    result = run("status", "old", "--at", "2025-01-15", "--format", "json")
    assert json.loads(result.output)[0]["status"] == "ACTIVE"
    result = run("status", "--only", "STALE,conflict", "--format", "json")
    assert sorted(row["claim"] for row in json.loads(result.output)) == ["old", "s13", "s33"]
    result = run("status", "--subject", "user.location", "--scope", "user/u1/phone", "--format", "json")
    assert {row["reason"] for row in json.loads(result.output)} == {"RIVAL_CLAIM"}
    result = run("status", "--at", str(1735689600000), "--format", "json")  # epoch ms: 2025-01-01
    assert {row["claim"]: row["reason"] for row in json.loads(result.output)}["new"] == "NOT_YET_ASSERTED"


def test_status_table_is_plain_when_piped(graph, g):
    _story(g)
    result = run("status")
    assert result.exit_code == 0
    assert "\x1b[" not in result.output
    line = [text for text in result.output.splitlines() if " old " in text][0]
    assert line.startswith("STALE") and "SUPERSEDED" in line and "old -> new (SUPERSEDED)" in line
    assert "test:old@" in line


def test_status_csv(graph, g):
    _story(g)
    result = run("status", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert [row["claim"] for row in rows] == ["new", "old", "s13", "s33"]
    assert rows[1]["successors"] == "new"


def test_status_unknown_id_exits_2_with_one_line(graph, g):
    _story(g)
    result = run("status", "old", "missing-id")
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "missing-id" in result.output


def test_status_bad_at_and_bad_only_exit_2(graph, g):
    _story(g)
    assert run("status", "--at", "yesterday-ish").exit_code == 2
    assert run("status", "--only", "FRESH").exit_code == 2


def test_status_on_empty_graph_prints_empty_array(graph):
    result = run("status", "--format", "json")
    assert result.exit_code == 0 and json.loads(result.output) == []


def test_lineage_formats(graph, g):
    _story(g)
    g.claim("newest", scope="org", at="2025-03-01")
    g.corrects("newest", "new", at="2025-03-01")
    tree = run("lineage", "new")
    assert tree.exit_code == 0, tree.output
    assert tree.output.splitlines()[0].startswith("new [STALE CORRECTED]")
    assert "<- CORRECTS by newest [ACTIVE CURRENT]" in tree.output and "-> SUPERSEDES old [STALE SUPERSEDED]" in tree.output
    data = json.loads(run("lineage", "new", "--format", "json").output)
    assert data["claim"] == "new" and {n["claim"] for n in data["nodes"]} == {"old", "new", "newest"}
    assert {(e["from"], e["to"], e["kind"]) for e in data["edges"]} == {("new", "old", "SUPERSEDES"), ("newest", "new", "CORRECTS")}
    mermaid = run("lineage", "new", "--format", "mermaid").output
    assert mermaid.startswith("flowchart BT") and "-->|SUPERSEDES|" in mermaid
    dot = run("lineage", "new", "--format", "dot").output
    assert dot.startswith("digraph lineage {") and dot.rstrip().endswith("}")


def test_lineage_as_of_sees_history(graph, g):
    _story(g)
    data = json.loads(run("lineage", "old", "--at", "2025-01-15", "--format", "json").output)
    assert data["status"]["status"] == "ACTIVE" and data["edges"] == []


def test_lineage_mermaid_sanitises_ids(graph, g):
    nasty = 'a"b]-->x;click'
    g.claim(nasty, at="2025-01-01")
    g.claim("fix", at="2025-02-01")
    g.corrects("fix", nasty, at="2025-02-01")
    mermaid = run("lineage", nasty, "--format", "mermaid").output
    node_lines = [text.strip() for text in mermaid.splitlines()[1:] if text.strip().startswith("n")]
    for line in node_lines:
        assert re.fullmatch(r'n\d+(\[\["|\[")[^"\]\[]*("\]\]|"\])|n\d+ -->\|[A-Z_ ()a-z]+\| n\d+', line), line


def test_lineage_unknown_id_exits_2(graph):
    result = run("lineage", "nope")
    assert result.exit_code == 2 and "nope" in result.output


def test_conflicts_lists_rivals_and_how_to_resolve(graph, g):
    _story(g)
    g.claim("x", at="2025-01-01")
    g.claim("y", at="2025-01-01")
    g.conflicts("x", "y", at="2025-01-02")
    data = json.loads(run("conflicts", "--format", "json").output)
    assert [(c["kind"], c["claims"]) for c in data] == [("EXPLICIT_CONFLICT", ["x", "y"]), ("RIVAL_CLAIM", ["s13", "s33"])]
    assert "provgraph adjudicate --keep s33 --retire s13 --scope user/u1" in data[1]["resolve"]
    table = run("conflicts").output
    assert "RIVAL_CLAIM" in table and "resolve: provgraph adjudicate" in table
    assert list(csv.DictReader(io.StringIO(run("conflicts", "--format", "csv").output)))[0]["kind"] == "EXPLICIT_CONFLICT"
    g.adjudicate("s33", "s13", at="2025-02-01", scope="user/u1")
    g.supersedes("y", "x", at="2025-02-01")
    assert json.loads(run("conflicts", "--format", "json").output) == []
    assert run("conflicts").output.strip() == "no unresolved conflicts"


def test_conflicts_lists_revision_cycles(graph, g):
    g.claim("a", at="2025-01-01")
    g.claim("b", at="2025-01-01")
    g.supersedes("a", "b", at="2025-01-02")
    g.supersedes("b", "a", at="2025-01-02")
    data = json.loads(run("conflicts", "--format", "json").output)
    assert [(c["kind"], c["claims"]) for c in data] == [("REVISION_CYCLE", ["a", "b"])]
