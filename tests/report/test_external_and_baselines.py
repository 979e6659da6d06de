"""Lineage links to things never ingested are external references, not UNBOUND placeholders; report runs
compare with the previous run of their own baseline (issue 12)."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from report_helpers import changed

from provgraph.cli import cli
from provgraph.engine.lineage import lineage
from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.views.lineage import render as render_lineage

RUNBOOK = "https://runbooks.example/payments/retries"


def cli_run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def write_cards(path: Path, *cards: dict) -> Path:
    path.write_text("".join(json.dumps(card) + "\n" for card in cards))
    return path


def alert_card(**extra) -> dict:
    return {"id": "card:alert", "url": "https://board.example/alert", "ts": "2026-01-10T09:00:00Z",
            "content": "# Alert on exhausted retries", "scope": "org/acme",
            "edges": [{"verb": "source", "target": RUNBOOK}, {"verb": "cites", "target": "WIKI-77"},
                      {"verb": "depends_on", "target": "card:never-ingested"}], **extra}


def ingest_cards(path: Path, store: str = "board") -> dict:
    result = cli_run("ingest", "cards", str(path), "--store", store, "-o", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_lineage_links_to_things_never_ingested_make_no_placeholder_claim(graph: Graph, tmp_path: Path) -> None:
    summary = ingest_cards(write_cards(tmp_path / "board.jsonl", alert_card()))
    assert summary["external"] == ["WIKI-77", RUNBOOK]
    assert summary["unresolved"] == ["card:never-ingested"]  # depends_on carries status: still a placeholder
    claims = {row.claim: (row.status, row.reason) for row in status(graph)}
    assert claims == {"card:alert": ("UNKNOWN", "PREMISE_NOT_CURRENT"), "card:never-ingested": ("UNKNOWN", "UNBOUND")}
    stored = graph.read("MATCH (c:Claim)-[r:REFERENCES]->(x:ExternalRef) RETURN c.uid AS claim, r.verb AS verb, x.uid AS target ORDER BY target")
    assert [(r["claim"], r["verb"], r["target"]) for r in stored] == [("card:alert", "cites", "WIKI-77"), ("card:alert", "source", RUNBOOK)]


def test_lineage_shows_external_references_in_every_format(graph: Graph, tmp_path: Path) -> None:
    ingest_cards(write_cards(tmp_path / "board.jsonl", alert_card(edges=[{"verb": "source", "target": RUNBOOK}])))
    view = lineage(graph, "card:alert")
    assert view.to_dict()["external"] == [{"claim": "card:alert", "target": RUNBOOK, "verb": "source", "inbound": False}]
    assert view.statuses.keys() == {"card:alert"}  # not a node with a status
    assert f"external references (not ingested):\n  card:alert -source-> {RUNBOOK}" in render_lineage(view, "tree")
    mermaid = render_lineage(view, "mermaid")
    assert 'x0>"https:' in mermaid and "n0 -.->|source| x0" in mermaid and "class x0 external" in mermaid
    dot = render_lineage(view, "dot")
    assert "shape=note" in dot and 'n0 -> x0 [label="source", style=dotted]' in dot


def test_an_external_reference_becomes_a_link_when_its_target_is_ingested(graph: Graph, tmp_path: Path) -> None:
    ingest_cards(write_cards(tmp_path / "board.jsonl", alert_card(edges=[{"verb": "source", "target": RUNBOOK}])))
    runbook = {"id": "card:runbook", "url": RUNBOOK, "ts": "2026-01-11T09:00:00Z", "content": "# Retry runbook", "edges": []}
    summary = ingest_cards(write_cards(tmp_path / "runbooks.jsonl", runbook), store="runbooks")
    assert summary["external"] == []
    assert graph.read("MATCH (x:ExternalRef) RETURN count(x) AS n")[0]["n"] == 0
    links = graph.read("MATCH (a:Claim)-[r:RELATES]->(b:Claim) RETURN a.uid AS a, r.verb AS verb, b.uid AS b")
    assert [(r["a"], r["verb"], r["b"]) for r in links] == [("card:alert", "source", "card:runbook")]
    assert "card:alert -source-> card:runbook" in render_lineage(lineage(graph, "card:alert"), "tree")


def test_the_report_lists_external_references_apart_and_unbound_does_not_trip_on_them(graph: Graph, tmp_path: Path) -> None:
    ingest_cards(write_cards(tmp_path / "board.jsonl", alert_card(edges=[{"verb": "source", "target": RUNBOOK}])))
    result = cli_run("report", "--out", str(tmp_path / "out"), "--fail-on", "unbound")
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "out" / "report.json").read_text())
    assert data["unbound"] == []
    assert data["external"] == [{"claim": "card:alert", "verb": "source", "target": RUNBOOK, "recorded_by": "board:card:alert"}]
    assert "### External references (1)" in (tmp_path / "out" / "report.md").read_text()


def test_the_demo_story_no_longer_trips_unbound_on_its_runbook_link(graph: Graph, tmp_path: Path) -> None:
    story = Path(__file__).resolve().parents[2] / "examples" / "story"
    assert cli_run("ingest", "--config", str(story / "provgraph.toml")).exit_code == 0
    result = cli_run("report", "--out", str(tmp_path / "out"), "--fail-on", "unbound", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "out" / "report.json").read_text())
    assert data["unbound"] == [] and [row["target"] for row in data["external"]] == ["https://runbooks.example/payments/alerts"]


# ---------------------------------------------------------------- baselines


def card(uid: str, ts: str, **extra) -> dict:
    return {"id": uid, "ts": ts, "content": f"# {uid}", "edges": [], **extra}


def report(tmp_path: Path, out: str, *args: str) -> tuple[int, dict]:
    result = cli_run("report", "--out", str(tmp_path / out), "--format", "json", *args)
    return result.exit_code, json.loads((tmp_path / out / "report.json").read_text())


def test_an_ad_hoc_report_elsewhere_never_becomes_the_nightly_baseline(graph: Graph, tmp_path: Path) -> None:
    ingest_cards(write_cards(tmp_path / "a.jsonl", card("a", "2026-01-01T00:00:00Z")))
    report(tmp_path, "nightly")
    ingest_cards(write_cards(tmp_path / "b.jsonl", card("b", "2026-01-02T00:00:00Z",
                                                       edges=[{"verb": "supersedes", "target": "a"}])), store="more")
    _, adhoc = report(tmp_path, "adhoc")  # someone looks, and sees a newly STALE
    assert changed(adhoc, "new-stale") == ["a"] and adhoc["previous"] is None
    code, nightly = report(tmp_path, "nightly", "--fail-on", "new-stale")
    assert code == 1 and changed(nightly, "new-stale") == ["a"]  # the nightly job still sees it as new
    assert nightly["baseline"] == f"dir:{(tmp_path / 'nightly').resolve()}"


def test_a_named_baseline_is_shared_across_directories_and_recorded_on_the_run(graph: Graph, tmp_path: Path) -> None:
    ingest_cards(write_cards(tmp_path / "a.jsonl", card("a", "2026-01-01T00:00:00Z")))
    _, first = report(tmp_path, "one", "--baseline", "nightly")
    _, second = report(tmp_path, "two", "--baseline", "nightly")
    assert second["previous"]["run"] == first["run"]
    runs = graph.read("MATCH (r:ReportRun) RETURN r.baseline AS baseline ORDER BY r.ran_at")
    assert [r["baseline"] for r in runs] == ["nightly", "nightly"]


def test_no_record_leaves_no_run_behind(graph: Graph, tmp_path: Path) -> None:
    ingest_cards(write_cards(tmp_path / "a.jsonl", card("a", "2026-01-01T00:00:00Z")))
    _, first = report(tmp_path, "out")
    _, peek = report(tmp_path, "out", "--no-record")
    assert peek["previous"]["run"] == first["run"]  # it still compares
    _, after = report(tmp_path, "out")
    assert after["previous"]["run"] == first["run"]  # but it left nothing to compare with
    assert graph.read("MATCH (r:ReportRun) RETURN count(r) AS n")[0]["n"] == 2


def test_external_references_are_exported_to_prov_and_listed_by_their_named_query(graph: Graph, tmp_path: Path) -> None:
    ingest_cards(write_cards(tmp_path / "board.jsonl", alert_card(edges=[{"verb": "source", "target": RUNBOOK}])))
    document = json.loads(cli_run("export", "--format", "prov-json").output)
    externals = [key for key, entity in document["entity"].items() if "ExternalRef" in json.dumps(entity)]
    assert externals == ["provgraph:external/https%3A%2F%2Frunbooks.example%2Fpayments%2Fretries"]
    influences = [i for i in document["wasInfluencedBy"].values() if i["prov:influencer"] == externals[0]]
    assert len(influences) == 1 and influences[0]["prov:influencee"] == "provgraph:claim/card%3Aalert"
    listed = json.loads(cli_run("query", "external_references", "--param", "t=now", "--format", "json").output)
    assert [(row["claim"], row["verb"], row["target"]) for row in listed] == [("card:alert", "source", RUNBOOK)]


def test_lineage_only_placeholders_from_an_older_graph_become_external_references(graph: Graph, tmp_path: Path) -> None:
    # what an earlier version wrote for a `source` link to a URL: a placeholder claim behind a RELATES edge
    ingest_cards(write_cards(tmp_path / "board.jsonl", alert_card(edges=[])))
    graph.write("MATCH (c:Claim {uid: 'card:alert'}) "
                "CREATE (c)-[:RELATES {via: '', verb: 'source', recorded_in: [], sources: ['board:card:alert']}]->"
                "(:Claim {uid: $url, placeholder: true, aliases: [], scope: ''})", {"url": RUNBOOK})
    ingest_cards(write_cards(tmp_path / "other.jsonl", card("other", "2026-02-01T00:00:00Z")), store="other")
    assert {row.claim for row in status(graph)} == {"card:alert", "other"}
    assert lineage(graph, "card:alert").to_dict()["external"][0]["target"] == RUNBOOK
