"""Lifecycle words and amendments read from real formats (ADR folders, GitHub issues, Jira CSV), end to end."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from provgraph.engine.lineage import lineage
from provgraph.engine.prov import export
from provgraph.engine.status import status
from provgraph.engine.verify import verify
from provgraph.ingest.pipeline import ingest
from provgraph.views.lineage import render as render_lineage

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "lifecycle"


def by_uid(graph, **kwargs):
    return {row.claim: row for row in status(graph, **kwargs)}


@pytest.fixture
def adrs(graph):
    ingest(graph, "files", FIXTURES / "adr", store="adr")
    return by_uid(graph)


def test_rejected_and_withdrawn_adrs_leave_the_adr_they_supersede_active(adrs):
    first = adrs["adr:0001-use-queues.md"]
    assert (first.status, first.reason) == ("ACTIVE", "CURRENT")
    assert first.successors == ()
    assert (adrs["adr:0002-use-kafka.md"].status, adrs["adr:0002-use-kafka.md"].reason) == ("STALE", "REJECTED")
    assert (adrs["adr:0008-grpc.md"].status, adrs["adr:0008-grpc.md"].reason) == ("STALE", "WITHDRAWN")


def test_proposed_adr_is_a_pending_revision_and_an_amending_adr_an_amendment(adrs):
    first = adrs["adr:0001-use-queues.md"]
    assert first.pending == ("adr:0003-use-nats.md",)
    assert first.amendments == ("adr:0004-dead-letters.md",)
    retries = adrs["adr:0009-retries.md"]
    assert (retries.status, retries.amendments) == ("ACTIVE", ("adr:0010-retry-per-tenant.md",))


@pytest.mark.parametrize(("uid", "reason", "declared"), [
    ("adr:0005-batch-window.md", "ON_HOLD", "on-hold"),
    ("adr:0006-observability.md", "UNRECOGNISED_STATUS", "ongoing"),
    ("adr:0007-naming.md", "UNRECOGNISED_STATUS", "discussed by @ada"),
    ("adr:0010-retry-per-tenant.md", "PROPOSED", "proposed"),
])
def test_adr_status_words_beyond_accepted_are_unknown_with_the_word_shown(adrs, uid, reason, declared):
    assert (adrs[uid].status, adrs[uid].reason, adrs[uid].declared) == ("UNKNOWN", reason, declared)


def test_verify_of_an_adr_asks_for_its_pending_successor_and_amendment_never_the_rejected_one(graph, adrs):
    verdict = verify(graph, ["adr:0001-use-queues.md"], candidates=["adr:0001-use-queues.md"])
    assert verdict.verdict == "REVISION_CLOSURE_INCOMPLETE"
    assert verdict.missing == ("adr:0003-use-nats.md", "adr:0004-dead-letters.md")
    assert "0002" not in verdict.explanation and "0008" not in verdict.explanation
    complete = verify(graph, ["adr:0001-use-queues.md"],
                      candidates=["adr:0001-use-queues.md", "adr:0003-use-nats.md", "adr:0004-dead-letters.md"])
    assert complete.verdict == "SUPPORTED_BY_CURRENT_SOURCE"


def test_lineage_shows_pending_void_and_amending_edges_in_every_format(graph, adrs):
    view = lineage(graph, "adr:0001-use-queues.md")
    edges = {(e["from"], e["kind"], e["force"]) for e in view.to_dict()["edges"]}
    assert ("adr:0003-use-nats.md", "SUPERSEDES", "PENDING") in edges
    assert ("adr:0002-use-kafka.md", "SUPERSEDES", "VOID") in edges
    assert ("adr:0004-dead-letters.md", "AMENDS", "IN_FORCE") in edges
    tree = render_lineage(view, "tree")
    assert "<- SUPERSEDES (pending) by adr:0003-use-nats.md" in tree
    assert "<- SUPERSEDES (revises nothing) by adr:0002-use-kafka.md" in tree
    assert "<- AMENDS by adr:0004-dead-letters.md" in tree
    assert "AMENDS" in render_lineage(view, "mermaid") and "AMENDS" in render_lineage(view, "dot")
    assert "SUPERSEDES #40;pending#41;" in render_lineage(view, "mermaid")  # Mermaid labels hold no parentheses
    assert 'label="SUPERSEDES (revises nothing)", style=dashed' in render_lineage(view, "dot")


def test_prov_export_writes_an_amendment_as_derivation_not_revision(graph, adrs):
    document = json.loads(export(graph, "prov-json"))
    derivations = [d for d in document.get("wasDerivedFrom", {}).values()
                   if d.get("provgraph:kind") == "AMENDS" and "prov:type" not in d]
    assert sorted((d["prov:generatedEntity"], d["prov:usedEntity"]) for d in derivations) == [
        ("provgraph:claim/adr%3A0004-dead-letters.md", "provgraph:claim/adr%3A0001-use-queues.md"),
        ("provgraph:claim/adr%3A0010-retry-per-tenant.md", "provgraph:claim/adr%3A0009-retries.md"),
    ]


def test_open_github_issue_is_pending_and_a_not_planned_one_revises_nothing(graph):
    ingest(graph, "tickets", FIXTURES / "tickets" / "gh-issues.json", fmt="github", store="gh")
    rows = by_uid(graph)
    first = rows["acme/shop#1"]
    assert (first.status, first.pending, first.amendments, first.successors) == (
        "ACTIVE", ("acme/shop#2",), ("acme/shop#4",), ())


def test_jira_to_do_successor_is_pending_and_unknown_jira_statuses_are_unknown(graph):
    ingest(graph, "tickets", FIXTURES / "tickets" / "jira.csv", fmt="jira-csv", store="jira")
    rows = by_uid(graph)
    assert (rows["SHOP-1"].status, rows["SHOP-1"].pending) == ("ACTIVE", ("SHOP-2",))
    assert (rows["SHOP-3"].status, rows["SHOP-3"].reason) == ("UNKNOWN", "ON_HOLD")
    assert (rows["SHOP-4"].status, rows["SHOP-4"].reason, rows["SHOP-4"].declared) == (
        "UNKNOWN", "UNRECOGNISED_STATUS", "selected for development")


# -- as of t: the successor's word is read from its snapshot current at t -------------------------

def _git(root: Path, *arguments: str, when: str | None = None) -> None:
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com",
           "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.com"}
    if when:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = when
    subprocess.run(["git", *arguments], cwd=root, env=env, check=True, capture_output=True)


def test_target_turns_stale_from_the_commit_that_accepts_its_successor(graph, tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    adr = FIXTURES / "adr"
    (repo / "0001-use-queues.md").write_text((adr / "0001-use-queues.md").read_text())
    (repo / "0003-use-nats.md").write_text((adr / "0003-use-nats.md").read_text())
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "propose NATS", when="2024-03-01T10:00:00Z")
    (repo / "0003-use-nats.md").write_text((adr / "0003-use-nats.md").read_text().replace("Proposed", "Accepted"))
    _git(repo, "commit", "-q", "-am", "accept NATS", when="2024-05-01T10:00:00Z")
    ingest(graph, "files", repo, fmt="git", store="adr")
    [proposed] = status(graph, ["adr:0001-use-queues.md"], at="2024-04-01")
    assert (proposed.status, proposed.pending) == ("ACTIVE", ("adr:0003-use-nats.md",))
    [accepted] = status(graph, ["adr:0001-use-queues.md"], at="2024-05-02")
    assert (accepted.status, accepted.reason, accepted.successors) == ("STALE", "SUPERSEDED", ("adr:0003-use-nats.md",))
