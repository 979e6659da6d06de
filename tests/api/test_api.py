"""One Python API object: `provgraph.connect()` -> `Provgraph`, its results' `to_json()` is what the CLI prints."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import run
from neo4j.exceptions import DriverError

import provgraph
from provgraph.api import BatchVerdict, Provgraph, Results
from provgraph.base.config import Settings
from provgraph.base.errors import NotFound, UsageError
from provgraph.engine.claim_status import ClaimStatus
from provgraph.engine.verify import Verdict

Q = {"scope": "org/acme/payments"}


def _imported_after(statement: str) -> list[str]:
    code = (f"import sys; {statement}; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'neo4j', 'neomodel', 'langchain_core', "
            "'langchain', 'llama_index', 'pandas'}))")
    return json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                     check=True).stdout.replace("'", '"'))


def test_import_provgraph_loads_neither_the_driver_nor_pandas() -> None:
    assert _imported_after("import provgraph") == []


def test_import_provgraph_and_its_cli_never_loads_langchain_or_llama_index() -> None:
    assert not {"langchain_core", "langchain", "llama_index"} & set(_imported_after("import provgraph, provgraph.cli"))
    assert not {"langchain_core", "langchain", "llama_index"} & set(_imported_after("import provgraph.api"))


def test_provgraph_connect_returns_one_provgraph_that_closes_its_connection(neo4j_settings: Settings, _schema: None) -> None:
    pg = provgraph.connect(neo4j_settings.uri)
    assert isinstance(pg, provgraph.Provgraph) and pg.settings.uri == neo4j_settings.uri
    with pg:
        assert pg.graph.server_info()
    with pytest.raises(DriverError):  # closed: the driver refuses further work
        pg.graph.server_info()
    with pytest.raises(UsageError, match="not both"):
        provgraph.connect(neo4j_settings.uri, settings=neo4j_settings)


def test_a_provgraph_over_a_borrowed_graph_leaves_it_open(story: Provgraph) -> None:
    with Provgraph(story.graph) as borrowed:
        assert borrowed.status(["ADR-0003"])[0].status == "ACTIVE"
    assert story.graph.server_info()


def test_every_operation_answers_the_story(story: Provgraph) -> None:
    [adr1] = story.status(["ADR-0001"])
    assert isinstance(adr1, ClaimStatus) and (adr1.status, adr1.reason, adr1.successors) == ("STALE", "SUPERSEDED", ("ADR-0003",))
    assert story.status("ADR-0003")[0].status == "ACTIVE"  # one id as a plain string
    assert len(story.status()) == sum(1 for _ in story.iter_status()) > 10
    assert story.lineage("ADR-0001").successors() == ["ADR-0003"]
    verdict = story.verify(["ADR-0001"], candidates=["ADR-0001", "ADR-0003"], **Q)
    assert isinstance(verdict, Verdict) and verdict.verdict == "STALE_EVIDENCE"
    assert story.verify(["dec-2"], ["dec-2", "card:retry-limit"], **Q).supported
    answers = story.verify_many([{"evidence": ["ADR-0001"], "candidates": ["ADR-0001", "ADR-0003"], "id": "q1"},
                                 {"evidence": ["dec-2"], "candidates": ["dec-2"]}, {"evidence": "ADR-0001"}])
    assert [a.verdict for a in answers] == ["STALE_EVIDENCE", "SUPPORTED_BY_CURRENT_SOURCE", None]
    assert isinstance(answers[0], BatchVerdict) and answers[0].data["id"] == "q1" and "evidence" in (answers[2].error or "")
    assert [c.claims for c in story.conflicts()] == [("PAY-210", "acme/payments#61")]
    assert ("PAY-220", "PAY-231") in {(s.earlier, s.later) for s in story.suspects()}
    assert story.check().ok
    with pytest.raises(NotFound):
        story.status(["NO-SUCH-CLAIM"])


@pytest.mark.parametrize("wrong", [
    lambda pg: pg.verify(["ADR-0001"], candidates="ADR-0001,ADR-0003"),
    lambda pg: pg.verify("ADR-0001,ADR-0003"),
    lambda pg: pg.status("ADR-0001,ADR-0003"),
    lambda pg: pg.adjudicate("ADR-0003", "ADR-0001,ADR-0002"),
    lambda pg: pg.suspects(claims="PAY-220,PAY-231"),
    lambda pg: pg.verify(["ADR-0001"], candidates=["ADR-0001", 3]),
], ids=["verify-candidates", "verify-evidence", "status", "adjudicate-retire", "suspects-claims", "not-a-string"])
def test_a_comma_string_or_a_non_string_where_a_list_of_ids_is_meant_is_refused(story: Provgraph, wrong) -> None:
    with pytest.raises(UsageError, match="list of ids|must be a string"):
        wrong(story)


def _cli(*args: str) -> str:
    result = run(*args)
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def test_to_json_is_what_the_cli_prints_with_format_json(story: Provgraph) -> None:
    assert isinstance(story.status(["ADR-0001", "ADR-0003"]), Results)
    assert _cli("status", "ADR-0001", "ADR-0003", "--format", "json") == story.status(["ADR-0001", "ADR-0003"]).to_json() + "\n"
    assert _cli("status", "--format", "json") == story.status().to_json() + "\n"
    assert json.loads(story.status(["ADR-0001"])[0].to_json()) == json.loads(story.status(["ADR-0001"]).to_json())[0]
    assert _cli("lineage", "ADR-0001", "--format", "json") == story.lineage("ADR-0001").to_json() + "\n"
    assert _cli("conflicts", "--format", "json") == story.conflicts().to_json() + "\n"
    assert _cli("suspects", "--format", "json") == story.suspects().to_json() + "\n"
    assert _cli("check", "--format", "json") == story.check().to_json() + "\n"
    assert (_cli("verify", "--evidence", "ADR-0001", "--candidates", "ADR-0001,ADR-0003", "--scope", "org/acme/payments")
            == story.verify(["ADR-0001"], ["ADR-0001", "ADR-0003"], **Q).to_json(indent=2) + "\n")


def test_verify_many_lines_are_what_verify_batch_prints(story: Provgraph, tmp_path: Path) -> None:
    requests = [{"evidence": ["ADR-0001"], "candidates": ["ADR-0001", "ADR-0003"], "scope": "org/acme/payments"},
                {"evidence": ["dec-2"], "candidates": None}]
    path = tmp_path / "requests.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in requests), encoding="utf-8")
    assert _cli("verify", "--batch", str(path)) == "".join(a.to_json() + "\n" for a in story.verify_many(requests))


def test_ingest_and_report_results_are_what_the_cli_prints(story: Provgraph, tmp_path: Path) -> None:
    cards = Path(__file__).resolve().parents[2] / "examples" / "story" / "cards" / "board.jsonl"
    summary = story.ingest_cards(cards, store="board")  # unchanged: nothing new written
    assert summary.snapshots_added == 0
    assert _cli("ingest", "cards", str(cards), "--store", "board", "--output", "json") == summary.to_json() + "\n"
    result = story.report(tmp_path / "out", formats=["json"], record=False, fail_on="one-sided")
    assert (tmp_path / "out" / "report.json").read_text(encoding="utf-8") == result.to_json() + "\n"
    assert result.tripped == {"one-sided": 1}  # ADR-0003 supersedes ADR-0001, which does not say so


def test_adjudicate_distinguish_and_revoke_return_their_decision(story: Provgraph) -> None:
    kept = story.adjudicate("acme/payments#61", ["PAY-210"], why="Legal: 14 days", by="test", at="2026-01-01")
    try:
        assert kept.adjudication.startswith("adj:") and kept.to_dict()["retires"] == ["PAY-210"]
        assert story.status(["PAY-210"])[0].status == "STALE"
    finally:
        revoked = story.revoke(kept.adjudication, at="2026-01-02")
    assert revoked.adjudication == kept.adjudication and json.loads(revoked.to_json())["edges"] == 1
    assert story.status(["PAY-210"])[0].status == "CONFLICT"
