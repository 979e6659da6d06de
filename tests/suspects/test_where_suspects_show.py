"""Where suspects show besides `provgraph suspects`: the nightly report, verify (advisory), lineage, the PROV export."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from suspects_helpers import CACHE_1, CACHE_2, OTHERS, ingest_log, run

from provgraph.cli import cli
from provgraph.engine.adjudication import distinguish
from provgraph.engine.lineage import lineage
from provgraph.engine.prov import build_document, serialize
from provgraph.engine.verify import verify, verify_batch
from provgraph.graph.connection import Graph
from provgraph.views.lineage import render as render_lineage

LATER = {"ts": "2025-09-01T09:00:00Z", "id": "ledger-2", "scope": "org/acme/payments",
         "msg": "The ledger moves from PostgreSQL 15 to an append-only event store, still one schema per region"}


def _report(tmp_path: Path, name: str, *args: str) -> tuple[int, dict]:
    out = tmp_path / name
    # one baseline for both nights (each writes its own folder; the default baseline is the folder)
    result = CliRunner().invoke(cli, ["report", "--out", str(out), "--baseline", "nightly", *args])
    return result.exit_code, json.loads((out / "report.json").read_text())


def test_report_lists_possible_unlinked_revisions_new_once_and_fail_on_new_suspect(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    code, data = _report(tmp_path, "night1", "--fail-on", "new-suspect")
    assert code == 1 and data["tripped"] == {"new-suspect": 1}
    assert [(s["earlier"], s["later"], s["new"]) for s in data["suspects"]] == [("cache-1", "cache-2", True)]
    markdown = (tmp_path / "night1" / "report.md").read_text()
    assert "Possible unlinked revisions (1, 1 new)" in markdown and "cache-1" in markdown
    assert "Possible unlinked revisions" in (tmp_path / "night1" / "report.html").read_text()
    # the next night: still listed, no longer new, so the nightly job does not fail again
    code, data = _report(tmp_path, "night2", "--fail-on", "new-suspect")
    assert code == 0 and data["tripped"] == {}
    assert [(s["earlier"], s["later"], s["new"]) for s in data["suspects"]] == [("cache-1", "cache-2", False)]
    # a new unlinked revision the night after trips it once more
    ingest_log(graph, tmp_path, [LATER], name="more.jsonl")
    code, data = _report(tmp_path, "night3", "--fail-on", "new-suspect,new-stale")
    assert code == 1 and data["tripped"] == {"new-suspect": 1}
    assert {(s["earlier"], s["later"]): s["new"] for s in data["suspects"]} == {
        ("cache-1", "cache-2"): False, ("ledger-1", "ledger-2"): True}
    # dismissed: gone from the next report
    distinguish(graph, "ledger-1", "ledger-2", why="two ledgers")
    code, data = _report(tmp_path, "night4", "--fail-on", "new-suspect")
    assert code == 0 and [(s["earlier"], s["later"]) for s in data["suspects"]] == [("cache-1", "cache-2")]


def test_verify_lists_the_suspects_touching_the_evidence_and_keeps_its_verdict(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    verdict = verify(graph, ["cache-1"], candidates=["cache-1"])
    assert verdict.verdict == "SUPPORTED_BY_CURRENT_SOURCE"  # advisory: the verdict rests on recorded links only
    assert [(s["earlier"], s["later"]) for s in verdict.to_dict()["suspects"]] == [("cache-1", "cache-2")]
    assert [(s["earlier"], s["later"]) for s in verify(graph, ["cache-2"], candidates=["cache-2"]).suspects] == [("cache-1", "cache-2")]
    assert verify(graph, ["tls-1"], candidates=["tls-1"]).to_dict()["suspects"] == []
    [line] = list(verify_batch(graph, [{"evidence": ["cache-1"], "candidates": ["cache-1"]}]))
    assert line["verdict"] == "SUPPORTED_BY_CURRENT_SOURCE" and [s["later"] for s in line["suspects"]] == ["cache-2"]
    first = run("verify", "--evidence", "cache-1", "--candidates", "cache-1")
    assert first.exit_code == 0 and first.stdout == run("verify", "--evidence", "cache-1", "--candidates", "cache-1").stdout
    text = run("verify", "--evidence", "cache-1", "--candidates", "cache-1", "--format", "text")
    assert text.exit_code == 0
    assert "possible unlinked revisions (advisory, not part of the verdict" in text.stdout
    assert "cache-1 -> cache-2" in text.stdout
    distinguish(graph, "cache-1", "cache-2")
    assert verify(graph, ["cache-1"], candidates=["cache-1"]).suspects == ()


def test_verify_by_an_alias_lists_the_suspects_of_the_claim_it_names(graph: Graph, tmp_path: Path) -> None:
    """A single verify looks its suspects up beside the check for the ids as given; an alias names another claim's
    uid, so its suspects are looked up again for that claim."""
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    graph.write("MATCH (c:Claim {uid: 'cache-1'}) SET c.aliases = coalesce(c.aliases, []) + 'cache-one'")
    by_uid = verify(graph, ["cache-1"], candidates=["cache-1"])
    by_alias = verify(graph, ["cache-one"], candidates=["cache-1"])
    assert [check.status.claim for check in by_alias.evidence] == ["cache-1"]
    assert by_alias.suspects == by_uid.suspects and [s["later"] for s in by_alias.suspects] == ["cache-2"]


def test_verify_without_suspects_gives_the_same_verdict_with_no_suspects_listed(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    advised = verify(graph, ["cache-1"], candidates=["cache-1"]).to_dict()
    bare = verify(graph, ["cache-1"], candidates=["cache-1"], suspects=False).to_dict()
    assert advised["suspects"] and bare["suspects"] == []
    assert {**advised, "suspects": []} == bare
    [line] = list(verify_batch(graph, [{"evidence": ["cache-1"], "candidates": ["cache-1"]}], suspects=False))
    assert line["verdict"] == "SUPPORTED_BY_CURRENT_SOURCE" and line["suspects"] == []
    text = run("verify", "--evidence", "cache-1", "--candidates", "cache-1", "--format", "text", "--no-suspects")
    assert text.exit_code == 0 and "possible unlinked revisions" not in text.stdout


def test_lineage_and_the_prov_export_show_a_dismissal_and_its_revocation(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    result = distinguish(graph, "cache-1", "cache-2", why="two clusters", by="reviewer", at="2025-07-01T00:00:00Z")
    view = lineage(graph, "cache-1")
    [adjudication] = view.to_dict()["adjudications"]
    assert adjudication["kind"] == "distinct" and adjudication["distinct"] == ["cache-1", "cache-2"]
    assert adjudication["by"] == "reviewer" and adjudication["why"] == "two clusters" and adjudication["revoked_at"] is None
    tree = render_lineage(view, "tree")
    assert f"{result['adjudication']}: distinct cache-1 / cache-2, not one matter (by reviewer, 2025-07-01" in tree
    assert "two clusters" in tree
    assert run("adjudicate", "--revoke", result["adjudication"], "--at", "2025-08-01T00:00:00Z").exit_code == 0
    assert "revoked 2025-08-01" in render_lineage(lineage(graph, "cache-2"), "tree")
    provn = serialize(build_document(graph), "prov-n")
    local = result["adjudication"].replace(":", "%3A")
    assert f"activity(provgraph:adjudication/{local}" in provn
    assert 'provgraph:kind="distinct"' in provn
    assert provn.count("prov:role='provgraph:distinct'") == 2
    assert "wasInvalidatedBy(provgraph:claim/cache-" not in provn  # a dismissal invalidates nothing
