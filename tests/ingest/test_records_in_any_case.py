"""A record file is read whatever the case of its name and extension (`README.MD`, `0001-x.MD`, a `KEP.yaml` sidecar),
in a plain folder and in git history, and a record the reader cannot see is named: a sidecar beside no record file
(issue 55). Real Neo4j, real git, fixtures built in tmp_path."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_helpers import run
from git_repo import Repo

from provgraph.graph.connection import Graph

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _kep(number: int, status: str) -> str:
    return f"kep-number: {number}\ntitle: Feature {number}\nstatus: {status}\ncreation-date: 2024-01-0{number}\n"


def _keps(repo: Repo) -> None:
    repo.write("keps/sig-a/1-upper/README.MD", "# Upper-case extension\n")
    repo.write("keps/sig-a/1-upper/kep.yaml", _kep(1, "implementable"))
    repo.write("keps/sig-a/2-sidecar/README.md", "# Upper-case sidecar\n")
    repo.write("keps/sig-a/2-sidecar/KEP.yaml", _kep(2, "implemented"))
    repo.write("keps/sig-a/3-markdown/README.markdown", "# Not the text file the preset names\n")
    repo.write("keps/sig-a/3-markdown/kep.yaml", _kep(3, "implementable"))
    repo.write("keps/sig-a/4-text/readme.txt", "Neither is this\n")
    repo.write("keps/sig-a/4-text/kep.yaml", _kep(4, "provisional"))


def _claims(graph: Graph) -> dict[str, str]:
    rows = graph.read("MATCH (c:Claim) WHERE c.declared IS NOT NULL RETURN c.uid AS uid, c.declared AS declared")
    return {row["uid"]: row["declared"] for row in rows}


@pytest.mark.parametrize("history", [False, pytest.param(True, marks=needs_git)], ids=["folder", "git"])
def test_a_kep_whose_text_or_sidecar_is_named_in_another_case_is_a_claim_and_a_lone_sidecar_is_named(
        graph: Graph, tmp_path: Path, history: bool) -> None:
    repo = Repo(tmp_path / "enhancements")
    _keps(repo)
    repo.commit("keps", "2024-02-01T00:00:00Z")
    result = run("ingest", "files", str(repo.root), "--preset", "kep", "--store", "keps", *(["--git"] if history else []),
                 "--output", "json")
    assert result.exit_code == 0, result.output
    assert _claims(graph) == {"KEP-1": "accepted", "KEP-2": "accepted"}
    readings = json.loads(result.output)["readings"]
    assert ("2 kep.yaml beside no record file (README.md), read by no record: "
            "keps/sig-a/3-markdown/kep.yaml (beside README.markdown), keps/sig-a/4-text/kep.yaml (beside readme.txt)"
            ) in readings
    assert "2 file(s) are not records of the kep format (README.md): 1 .markdown, 1 .txt" in readings


@pytest.mark.parametrize("history", [False, pytest.param(True, marks=needs_git)], ids=["folder", "git"])
def test_a_decision_record_with_an_upper_case_extension_is_a_claim(graph: Graph, tmp_path: Path, history: bool) -> None:
    repo = Repo(tmp_path / "adr")
    repo.write("0001-use-kafka.MD", "# 1. Use Kafka\n\n## Status\n\nAccepted\n\n## Decision\n\nEvents go to Kafka.\n")
    repo.write("0002-use-nats.Markdown", "# 2. Use NATS\n\n## Status\n\nSuperseded by [1](0001-use-kafka.MD)\n")
    repo.write("README.MD", "# Decisions\n\nAn index page, not a decision.\n")
    repo.commit("adrs", "2024-02-01T00:00:00Z")
    result = run("ingest", "files", str(repo.root), "--store", "adr", *(["--git"] if history else []), "--output", "json")
    assert result.exit_code == 0, result.output
    assert _claims(graph) == {"adr:0001-use-kafka.MD": "accepted", "adr:0002-use-nats.Markdown": "superseded"}
    assert json.loads(result.output)["skipped"] == {"index page": 1}
