"""Readings missed (issue 23): a link verb anywhere on a status line, and a delete and an add of near-identical
content in one commit that git's rename detection does not pair. Real git repositories, a real Neo4j."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from git_repo import Repo
from ingest_run import run

from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

OLD = "# 2. Use Postgres\n\n## Status\n\nAccepted\n\n## Decision\n\nUse Postgres.\n"
EMOJI_STATUS = ("# 5. Use CockroachDB\n\n## Status\n\n🤔 Proposed, supersedes [0002 Use Postgres](0002-use-postgres.md)\n\n"
                "## Decision\n\nUse CockroachDB.\n")

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def test_a_link_verb_after_the_status_word_records_the_revision(tmp_path: Path) -> None:
    (tmp_path / "0002-use-postgres.md").write_text(OLD)
    (tmp_path / "0005-use-cockroach.md").write_text(EMOJI_STATUS)
    (tmp_path / "0006-mixed.md").write_text(
        "# 6. Mixed\n\nStatus: Accepted; amends [5](0005-use-cockroach.md), superseded by [7](0007-x.md)\n\n## Decision\n\nX.\n")
    found = run("files", "default", tmp_path)
    assert found.edges("s:0005-use-cockroach.md") == {("SUPERSEDES", "s:0005-use-cockroach.md", "0002-use-postgres.md", None)}
    assert found.claim("s:0005-use-cockroach.md").declared == "proposed"
    # each verb takes the links that follow it, up to the next verb
    assert found.edges("s:0006-mixed.md") == {("AMENDS", "s:0006-mixed.md", "0005-use-cockroach.md", None),
                                              ("SUPERSEDES", "0007-x.md", "s:0006-mixed.md", None)}


def test_a_verb_inside_prose_or_link_text_is_not_a_link(tmp_path: Path) -> None:
    (tmp_path / "0003-a.md").write_text(
        "# 3. A\n\n## Status\n\nAccepted ([the one that supersedes nothing](0009-x.md))\n\n## Context\n\n"
        "We considered [B](0004-b.md), which supersedes nothing either.\n\n## Decision\n\nA.\n")
    assert run("files", "default", tmp_path).edges("s:0003-a.md") == set()


def test_a_proposed_successor_named_mid_line_is_a_pending_revision(graph: Graph, tmp_path: Path) -> None:
    (tmp_path / "0002-use-postgres.md").write_text(OLD)
    (tmp_path / "0005-use-cockroach.md").write_text(EMOJI_STATUS)
    ingest(graph, "files", tmp_path, store="adr")
    old = status(graph, ["adr:0002-use-postgres.md"])[0]
    assert (old.status, old.pending) == ("ACTIVE", ("adr:0005-use-cockroach.md",))


def _reformatted(text: str) -> bytes:
    """Every line touched by a formatter (blank lines dropped, a hard break at each end): git's line-based rename
    detection no longer pairs the two versions, though the words are the same."""
    return "".join(f"{line}  \n" for line in text.splitlines() if line).encode()


def _case_change(repo: Repo) -> None:
    """eks.md -> EKS.md, reformatted in the same commit: git sees a deletion and an unrelated addition."""
    text = "# 1. Use EKS\n\n## Status\n\nAccepted\n\n## Decision\n\nRun services on EKS.\n"
    repo.write("eks.md", text)
    repo.commit("add", "2024-01-01T00:00:00Z")
    repo.git("rm", "-q", "eks.md")
    repo.write("EKS.md", _reformatted(text))
    repo.commit("rename to upper case, CRLF", "2024-02-01T00:00:00Z")
    raw = repo.git("show", "--raw", "--find-renames", "--format=", "HEAD")
    assert "D\teks.md" in raw and "A\tEKS.md" in raw  # the fixture is one git does not pair


@needs_git
def test_a_case_change_git_did_not_pair_continues_the_same_source_and_claim(tmp_path: Path) -> None:
    repo = Repo(tmp_path / "repo")
    _case_change(repo)
    found = run("files", "git", repo.root, store="docs")
    assert [(o.source.uid, o.source.locator, o.snapshot.deleted) for o in found.observations] == [
        ("docs:eks.md", "eks.md", False), ("docs:eks.md", "EKS.md", False)]
    assert {claim.uid for o in found.observations for claim in o.claims} == {"docs:eks.md"}


@needs_git
def test_near_identical_content_under_another_name_in_one_commit_is_a_rename_and_unrelated_is_not(tmp_path: Path) -> None:
    repo = Repo(tmp_path / "repo")
    kept = "# 7. Use Kafka\n\n## Status\n\nAccepted\n\n## Decision\n\nUse Kafka for events.\n"
    dropped = "# 8. Use cron\n\n## Status\n\nAccepted\n\n## Decision\n\nRun jobs from cron.\n"
    repo.write("adr-7.md", kept)
    repo.write("adr-8.md", dropped)
    repo.commit("add", "2024-01-01T00:00:00Z")
    repo.git("rm", "-q", "adr-7.md", "adr-8.md")
    repo.write("0007-use-kafka.md", _reformatted(kept))
    repo.write("0009-use-k8s-jobs.md", "# 9. Use Kubernetes jobs\n\n## Status\n\nAccepted\n\n## Decision\n\nRun jobs as Kubernetes CronJobs.\n")
    repo.commit("renumber, replace cron", "2024-02-01T00:00:00Z")
    found = run("files", "git", repo.root, store="docs")
    latest = {o.source.uid: o for o in found.observations}
    assert latest["docs:adr-7.md"].source.locator == "0007-use-kafka.md" and not latest["docs:adr-7.md"].snapshot.deleted
    assert latest["docs:adr-8.md"].snapshot.deleted  # not near-identical to anything added: a deletion
    assert "docs:0009-use-k8s-jobs.md" in latest and "docs:0007-use-kafka.md" not in latest


@needs_git
def test_a_case_change_git_did_not_pair_is_not_source_deleted(graph: Graph, tmp_path: Path) -> None:
    repo = Repo(tmp_path / "repo")
    _case_change(repo)
    ingest(graph, "files", repo.root, fmt="git", store="docs")
    rows = status(graph)
    assert [(row.claim, row.status, row.path, row.aliases) for row in rows] == [("docs:eks.md", "ACTIVE", "EKS.md", ("eks.md",))]
