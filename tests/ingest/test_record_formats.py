"""Record formats declared as data (provgraph/ingest/formats/): PEP header blocks, KEP sidecars, a store's own words,
a format declared in provgraph.toml, and nothing dropped in silence. Samples of the real logs are in
tests/fixtures/proposal_logs/ (SOURCES.md says where from). Real Neo4j."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_helpers import run as cli
from git_repo import Repo

from provgraph.base.errors import UsageError
from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.ingest.config import files_options, load_config, record_table
from provgraph.ingest.pipeline import ingest

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "proposal_logs"


def _statuses(graph: Graph) -> dict[str, tuple[str, str]]:
    return {row.claim: (row.status, row.reason) for row in status(graph)}


def _edges(graph: Graph) -> set[tuple[str, str, str]]:
    rows = graph.read("MATCH (a:Claim)-[r:SUPERSEDES|DEPENDS_ON]->(b:Claim) RETURN a.uid AS a, type(r) AS kind, b.uid AS b")
    return {(row["a"], row["kind"], row["b"]) for row in rows}


def test_a_pep_sample_gives_the_claims_statuses_and_supersession_its_headers_state(graph: Graph) -> None:
    summary = ingest(graph, "files", LOGS / "peps", store="peps", options=files_options(record=record_table("pep")))
    found = _statuses(graph)
    assert found["PEP 8"][0] == "ACTIVE"  # Status: Active
    assert found["PEP 333"] == ("STALE", "SUPERSEDED")  # Superseded-By: 3333, and PEP 3333 Replaces: 333
    assert found["PEP 3333"][0] == "ACTIVE"  # Status: Final
    assert found["PEP 204"][0] == "STALE"  # Status: Rejected
    assert found["PEP 467"][0] == "UNKNOWN"  # Status: Draft
    assert found["PEP 401"] == ("UNKNOWN", "UNRECOGNISED_STATUS")  # Status: April Fool!
    assert ("PEP 3333", "SUPERSEDES", "PEP 333") in _edges(graph)
    assert "1 file(s) are not records of the pep format (pep-[0-9]*.rst, pep-[0-9]*.txt): 1 .py" in summary.readings
    assert status(graph, ["PEP-0008"])[0].claim == "PEP 8"  # the other spellings are aliases


def test_a_kep_readme_with_kep_yaml_beside_it_is_one_claim_with_the_yaml_status(graph: Graph) -> None:
    summary = ingest(graph, "files", LOGS / "keps", store="keps", options=files_options(record=record_table("kep")))
    found = _statuses(graph)
    assert found["KEP-4671"][0] == "ACTIVE"  # status: implementable
    # 4671 replaces "/keps/sig-scheduling/583-coscheduling" (a path to the folder): but 583 says provisional
    assert found["KEP-583"][0] in ("UNKNOWN", "STALE")
    assert ("KEP-4671", "SUPERSEDES", "KEP-583") in _edges(graph)
    assert summary.unresolved == ["keps/sig-scheduling/5832-decouple-podgroup-api"]  # not in the sample: a placeholder
    assert any("1 with no kep.yaml beside it" in line for line in summary.readings)  # the keps folder's own README


def test_a_change_to_the_sidecar_is_a_new_snapshot_of_the_record(graph: Graph, tmp_path: Path) -> None:
    store = tmp_path / "keps"
    shutil.copytree(LOGS / "keps", store)
    options = files_options(record=record_table("kep"))
    ingest(graph, "files", store, store="keps", options=options)
    sidecar = store / "keps" / "sig-scheduling" / "4671-gang-scheduling" / "kep.yaml"
    sidecar.write_text(sidecar.read_text().replace("status: implementable", "status: withdrawn"))
    again = ingest(graph, "files", store, store="keps", options=options)
    assert again.snapshots_added == 1
    assert _statuses(graph)["KEP-4671"] == ("STALE", "WITHDRAWN")


def test_git_history_of_a_pep_answers_status_at_as_its_status_header_stood_then(graph: Graph, tmp_path: Path) -> None:
    repo = Repo(tmp_path / "peps")
    header = "PEP: 3333\nTitle: WSGI\nStatus: {}\nCreated: 26-Sep-2010\n\nText.\n"
    repo.write("peps/pep-3333.rst", header.format("Draft"))
    repo.write("README.rst", "Not a PEP.\n")
    repo.commit("draft", "2010-09-26T12:00:00+00:00")
    repo.write("peps/pep-3333.rst", header.format("Final"))
    repo.commit("final", "2010-10-04T12:00:00+00:00")
    ingest(graph, "files", repo.root, fmt="git", store="peps", options=files_options(record=record_table("pep")))
    assert status(graph, ["PEP 3333"], at="2010-10-01T00:00:00Z")[0].status == "UNKNOWN"
    assert status(graph, ["PEP 3333"])[0].status == "ACTIVE"


def test_a_commit_that_changes_only_kep_yaml_is_a_new_snapshot_of_the_kep(graph: Graph, tmp_path: Path) -> None:
    repo = Repo(tmp_path / "enhancements")
    repo.write("keps/sig-x/1-a/README.md", "# A\n\nText.\n")
    repo.write("keps/sig-x/1-a/kep.yaml", "kep-number: 1\ntitle: A\nstatus: provisional\n")
    repo.commit("add", "2020-01-01T12:00:00+00:00")
    repo.write("keps/sig-x/1-a/kep.yaml", "kep-number: 1\ntitle: A\nstatus: implemented\n")
    repo.commit("implemented", "2021-01-01T12:00:00+00:00")
    summary = ingest(graph, "files", repo.root, fmt="git", store="keps", options=files_options(record=record_table("kep")))
    assert summary.observations == 2
    assert status(graph, ["KEP-1"], at="2020-06-01T00:00:00Z")[0].status == "UNKNOWN"
    assert status(graph, ["KEP-1"])[0].status == "ACTIVE"


def test_a_bullet_header_with_an_unknown_word_is_a_claim_with_unrecognised_status(graph: Graph, tmp_path: Path) -> None:
    shutil.copytree(LOGS / "swift" / "proposals", tmp_path / "proposals")
    (tmp_path / "proposals" / "0099-x.md").write_text("# X\n\n* Status: **Awaiting the core team**\n\n## Decision\n\nX.\n")
    ingest(graph, "files", tmp_path / "proposals", store="swift")
    found = _statuses(graph)
    assert found["swift:0099-x.md"] == ("UNKNOWN", "UNRECOGNISED_STATUS")
    # **Returned for revision** is a phrase of the vocabulary: back with its authors, a draft
    assert found["swift:0018-flexible-memberwise-initialization.md"] == ("UNKNOWN", "PROPOSED")
    assert found["swift:0001-keywords-as-argument-labels.md"][0] == "ACTIVE"  # **Implemented (Swift 2.2)**


def test_a_declared_store_word_changes_the_reading(graph: Graph) -> None:
    words = record_table(words=["returned for revision=rejected"])
    ingest(graph, "files", LOGS / "swift" / "proposals", store="swift", options=files_options(record=words))
    assert _statuses(graph)["swift:0018-flexible-memberwise-initialization.md"] == ("STALE", "REJECTED")


def test_a_word_declared_as_accepted_makes_its_record_active(graph: Graph, tmp_path: Path) -> None:
    (tmp_path / "0001-a.md").write_text("# A\n\n* Status: Evergreen\n\n## Decision\n\nA.\n")
    ingest(graph, "files", tmp_path, store="s")
    assert _statuses(graph)["s:0001-a.md"] == ("UNKNOWN", "UNRECOGNISED_STATUS")
    ingest(graph, "files", tmp_path, store="s", options=files_options(record=record_table(words={"evergreen": "accepted"})))
    assert _statuses(graph)["s:0001-a.md"][0] == "ACTIVE"


def test_the_summary_counts_the_files_read_as_sources_only_and_why(graph: Graph, tmp_path: Path) -> None:
    shutil.copytree(LOGS / "peps", tmp_path / "peps")
    (tmp_path / "peps" / "peps" / "pep-9999.rst").write_text("PEP: 9999\nTitle: No status\n\nText.\n")
    summary = ingest(graph, "files", tmp_path / "peps", store="peps", options=files_options(record=record_table("pep")))
    assert "1 file(s) read as sources only, not records: 1 with no status field" in summary.readings
    assert json.loads(summary.to_json())["readings"] == summary.readings


def test_an_ingest_that_reads_no_record_names_what_it_looked_for_and_the_preset_that_fits(graph: Graph) -> None:
    summary = ingest(graph, "files", LOGS / "peps", store="peps")
    said = next(line for line in summary.readings if line.startswith("0 records"))
    assert "adr (*.md, *.markdown; front-matter, adr) was looked for" in said
    assert "7 .rst" in said and "--preset pep (7 file(s) match" in said
    result = cli("ingest", "files", str(LOGS / "peps"), "--store", "peps", "-o", "json")
    assert any(line.startswith("0 records") for line in json.loads(result.output)["readings"])


def test_a_format_with_no_preset_declared_in_provgraph_toml_is_read(graph: Graph, tmp_path: Path) -> None:
    log = tmp_path / "rfcs"
    log.mkdir()
    (log / "rfc-1.txt").write_text("Title\n=====\n\n:Number: 1\n:State: Living\n:Date: 2024-01-02\n\nText.\n")
    (log / "rfc-2.txt").write_text("Title two\n=========\n\n:Number: 2\n:State: Final\n:Obsoletes: 1\n\nText.\n")
    config = tmp_path / "provgraph.toml"
    config.write_text('[[store]]\nname = "rfcs"\nkind = "files"\npath = "rfcs"\n'
                      '[store.record]\nrecords = ["rfc-*.txt"]\nmetadata = ["field-list"]\nid = "RFC {id}"\n'
                      '[store.record.fields]\nid = "Number"\nstatus = "State"\ndate = "Date"\nreplaces = "Obsoletes"\n'
                      '[store.words]\nliving = "accepted"\nfinal = "accepted"\n')
    (store,) = load_config(config)
    ingest(graph, "files", store.path, store="rfcs", options=store.options)
    assert _statuses(graph) == {"RFC 1": ("STALE", "SUPERSEDED"), "RFC 2": ("ACTIVE", "CURRENT")}


def test_a_declaration_with_an_unknown_key_or_word_is_refused_in_one_line() -> None:
    with pytest.raises(UsageError, match="unknown key"):
        record_table(table={"recrods": ["*.txt"]})
    with pytest.raises(UsageError, match="not a canonical word"):
        record_table(words=["living=alive"])
