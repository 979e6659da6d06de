"""The git-history ingester: a real repository built in tmp_path, no database."""
from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from git_repo import Repo, committed

from provgraph.base.errors import InputError
from provgraph.ingest import get
from provgraph.ingest.git import ingest_git
from provgraph.ingest.records import IngestOptions, Observation, Quarantined, sha256_hex

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

OPTIONS = IngestOptions(store="docs")

PROPOSED = "# 1. Use queues\n\nDate: 2024-01-01\n\n## Status\n\nProposed\n\n## Decision\n\nUse RabbitMQ.\n"
ACCEPTED = PROPOSED.replace("Proposed", "Accepted")
ACCEPTED_NATS = ACCEPTED.replace("RabbitMQ", "NATS")


def observations(path: Path) -> list[Observation]:
    return [r for r in ingest_git(path, OPTIONS) if isinstance(r, Observation)]


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(timezone.utc)


def test_git_ingester_is_registered_under_files_git():
    assert get("files", "git") is ingest_git


def test_one_snapshot_per_commit_with_committer_date_and_commit_id(tmp_path):
    repo = Repo(tmp_path / "repo")
    repo.write("0001-queues.md", PROPOSED)
    first = repo.commit("propose", "2024-01-01T10:00:00+02:00", author_when="2023-12-24T00:00:00Z")
    repo.write("0001-queues.md", ACCEPTED)
    second = repo.commit("accept", "2024-02-01T10:00:00Z")
    found = observations(repo.root)
    assert [o.snapshot.version for o in found] == [first, second]
    # the committer date, in UTC, not the author date
    assert [o.snapshot.revised_at for o in found] == [utc("2024-01-01T08:00:00+00:00"), utc("2024-02-01T10:00:00+00:00")]
    assert [o.snapshot.sha256 for o in found] == [sha256_hex(PROPOSED.encode()), sha256_hex(ACCEPTED.encode())]
    assert [o.claims[0].declared for o in found] == ["proposed", "accepted"]
    assert {o.source.uid for o in found} == {"docs:0001-queues.md"}
    assert all(o.snapshot.deleted is False for o in found)


def test_a_file_edited_twice_yields_three_snapshots_in_commit_order(tmp_path):
    repo = Repo(tmp_path / "repo")
    repo.write("adr/0001-queues.md", PROPOSED)
    repo.write("adr/0002-other.md", "# 2. Other\n")
    commits = [repo.commit("add", "2024-01-01T00:00:00Z")]
    repo.write("adr/0001-queues.md", ACCEPTED)
    commits.append(repo.commit("accept", "2024-02-01T00:00:00Z"))
    repo.write("adr/0001-queues.md", ACCEPTED_NATS)
    commits.append(repo.commit("switch", "2024-03-01T00:00:00Z"))
    found = [o for o in observations(repo.root) if o.source.locator == "adr/0001-queues.md"]
    assert [o.snapshot.version for o in found] == commits
    assert [o.claims[0].text for o in found] == ["Use RabbitMQ.", "Use RabbitMQ.", "Use NATS."]
    assert len({o.snapshot.sha256 for o in found}) == 3
    # the untouched file has exactly one snapshot: from the commit that added it
    others = [o for o in observations(repo.root) if o.source.locator == "adr/0002-other.md"]
    assert [o.snapshot.version for o in others] == [commits[0]]


def test_a_deleted_file_yields_a_tombstone_without_claims(tmp_path):
    repo = Repo(tmp_path / "repo")
    repo.write("0001-queues.md", ACCEPTED)
    repo.commit("add", "2024-01-01T00:00:00Z")
    (repo.root / "0001-queues.md").unlink()
    gone = repo.commit("delete", "2024-06-01T00:00:00Z")
    added, tombstone = observations(repo.root)
    assert added.claims and not added.snapshot.deleted
    assert tombstone.source.uid == "docs:0001-queues.md"
    assert tombstone.source.title == "1. Use queues"  # the last title known, not blanked
    assert tombstone.snapshot.deleted is True
    assert tombstone.snapshot.version == gone
    assert tombstone.snapshot.revised_at == utc("2024-06-01T00:00:00+00:00")
    assert tombstone.snapshot.sha256 == sha256_hex(b"")
    assert tombstone.claims == () and tombstone.edges == ()


def test_a_rename_continues_the_same_source_and_claim_with_the_old_path_as_alias(tmp_path):
    repo = Repo(tmp_path / "repo")
    repo.write("adr-4.md", ACCEPTED)
    repo.commit("add", "2024-01-01T00:00:00Z")
    repo.git("mv", "adr-4.md", "adr-04.md")
    moved = repo.commit("rename", "2024-02-01T00:00:00Z")
    found = observations(repo.root)
    assert [(o.source.uid, o.source.locator, o.snapshot.deleted, o.snapshot.version == moved) for o in found] == [
        ("docs:adr-4.md", "adr-4.md", False, False),
        ("docs:adr-4.md", "adr-04.md", False, True),  # no tombstone, no second source
    ]
    assert [o.claims[0].uid for o in found] == ["docs:adr-4.md", "docs:adr-4.md"]
    assert {"adr-04.md", "docs:adr-04.md", "adr-4.md"} <= set(found[1].claims[0].aliases)


def test_a_file_moved_to_another_folder_and_edited_continues_its_source(tmp_path):
    repo = Repo(tmp_path / "repo")
    repo.write("adr/0004-queues.md", ACCEPTED + "\nSome context that keeps the file recognisably the same.\n")
    repo.commit("add", "2024-01-01T00:00:00Z")
    (repo.root / "decisions").mkdir()
    repo.git("mv", "adr/0004-queues.md", "decisions/0004-queues.md")
    repo.write("decisions/0004-queues.md", ACCEPTED_NATS + "\nSome context that keeps the file recognisably the same.\n")
    repo.commit("move and edit", "2024-02-01T00:00:00Z")
    repo.git("mv", "decisions/0004-queues.md", "decisions/0004-use-queues.md")
    repo.commit("rename again", "2024-03-01T00:00:00Z")
    found = observations(repo.root)
    assert {o.source.uid for o in found} == {"docs:adr/0004-queues.md"}
    assert [o.source.locator for o in found] == ["adr/0004-queues.md", "decisions/0004-queues.md", "decisions/0004-use-queues.md"]
    assert [o.claims[0].text.split("\n")[0] for o in found] == ["Use RabbitMQ.", "Use NATS.", "Use NATS."]
    assert {"adr/0004-queues.md", "decisions/0004-queues.md", "decisions/0004-use-queues.md"} <= set(found[-1].claims[0].aliases)


def test_a_file_moved_out_of_the_store_is_a_deletion(tmp_path):
    repo = Repo(tmp_path / "repo")
    repo.write("adr/0001-queues.md", ACCEPTED)
    repo.commit("add", "2024-01-01T00:00:00Z")
    repo.git("mv", "adr/0001-queues.md", "archive-0001-queues.md")
    repo.commit("move out", "2024-02-01T00:00:00Z")
    found = observations(repo.root / "adr")
    assert [(o.source.uid, o.snapshot.deleted) for o in found] == [("docs:0001-queues.md", False), ("docs:0001-queues.md", True)]


def test_a_date_line_later_than_the_first_commit_is_capped_to_that_commit(tmp_path):
    repo = Repo(tmp_path / "repo")
    repo.write("0001-queues.md", ACCEPTED.replace("Date: 2024-01-01", "Date: 2026-01-01"))  # typo: 2026 for 2024
    repo.commit("add", "2024-01-10T00:00:00Z")
    repo.write("0001-queues.md", ACCEPTED_NATS.replace("Date: 2024-01-01", "Date: 2026-01-01"))
    repo.commit("edit", "2024-06-01T00:00:00Z")
    found = observations(repo.root)
    assert [o.claims[0].asserted_at for o in found] == [utc("2024-01-10T00:00:00+00:00")] * 2


def test_an_unparsed_date_is_reported_once_per_file_not_once_per_commit(tmp_path):
    repo = Repo(tmp_path / "repo")
    for number, when in enumerate(("2024-01-01", "2024-02-01", "2024-03-01")):
        repo.write("0001-queues.md", ACCEPTED.replace("Date: 2024-01-01", "Date: 10/04/18") + f"\nedit {number}\n")
        repo.commit(f"edit {number}", f"{when}T00:00:00Z")
    notices = [r for r in ingest_git(repo.root, OPTIONS) if getattr(r, "kind", None) == "unparsed_date"]
    assert len(notices) == 1 and "10/04/18" in notices[0].detail


def test_paths_are_relative_to_the_store_root_inside_the_repository(tmp_path):
    repo = committed(tmp_path / "repo", {"docs/adr/0001-a.md": "---\nsupersedes: ../old/0000-z.md\n---\n# A\n",
                                         "docs/old/0000-z.md": "# Z\n", "README.md": "# Readme outside the store\n"})
    found = observations(repo.root / "docs")
    assert [o.source.uid for o in found] == ["docs:adr/0001-a.md", "docs:old/0000-z.md"]
    assert [(e.kind, e.to_ref) for e in found[0].edges] == [("SUPERSEDES", "old/0000-z.md")]


def test_a_single_file_path_reads_only_that_files_history(tmp_path):
    repo = committed(tmp_path / "repo", {"adr/a.md": "# A\n", "adr/ab.md": "# AB\n"})
    found = observations(repo.root / "adr" / "a.md")
    assert [o.source.uid for o in found] == ["docs:a.md"]


def test_uncommitted_changes_are_not_history(tmp_path):
    repo = committed(tmp_path / "repo", {"0001-queues.md": PROPOSED})
    repo.write("0001-queues.md", ACCEPTED)  # edited, not committed
    repo.write("0002-untracked.md", ACCEPTED)
    found = observations(repo.root)
    assert [(o.source.locator, o.claims[0].declared) for o in found] == [("0001-queues.md", "proposed")]


def test_non_markdown_files_and_dot_directories_are_ignored(tmp_path):
    repo = committed(tmp_path / "repo", {"notes.txt": "text\n", ".github/PULL_REQUEST_TEMPLATE.md": "# PR\n", "a.md": "# A\n"})
    assert [o.source.locator for o in observations(repo.root)] == ["a.md"]


def test_odd_file_names_survive_the_nul_separated_log(tmp_path):
    names = [":colon.md", "space name.md", "caf\u00e9.md", "new\nline.md"]
    repo = committed(tmp_path / "repo", {name: f"# {name}\n" for name in names})
    found = observations(repo.root)
    assert sorted(o.source.locator for o in found) == sorted(names)
    assert all(o.snapshot.sha256 == sha256_hex(f"# {o.source.locator}\n".encode()) for o in found)


def test_broken_front_matter_in_a_commit_is_quarantined_with_the_version(tmp_path):
    repo = Repo(tmp_path / "repo")
    repo.write("a.md", "---\nid: [oops\n---\n# A\n")
    commit = repo.commit("add", "2024-01-01T00:00:00Z")
    records = list(ingest_git(repo.root, OPTIONS))
    assert isinstance(records[0], Observation) and records[0].claims == ()
    (quarantined,) = [r for r in records if isinstance(r, Quarantined)]
    assert quarantined.file == f"a.md@{commit}"


def test_a_merge_counts_once_on_the_first_parent_line(tmp_path):
    repo = Repo(tmp_path / "repo")
    repo.write("a.md", PROPOSED)
    repo.commit("add", "2024-01-01T00:00:00Z")
    repo.git("checkout", "-q", "-b", "side")
    repo.write("a.md", ACCEPTED)
    repo.commit("side edit", "2024-02-01T00:00:00Z")
    repo.git("checkout", "-q", "main")
    repo.write("b.md", "# B\n")
    repo.commit("main edit", "2024-03-01T00:00:00Z")
    repo.git("merge", "-q", "--no-ff", "-m", "merge side", "side", when="2024-04-01T00:00:00Z")
    merge = repo.git("rev-parse", "HEAD")
    versions = [(o.source.locator, o.snapshot.version) for o in observations(repo.root)]
    assert versions[-1] == ("a.md", merge)
    assert [locator for locator, _ in versions] == ["a.md", "b.md", "a.md"]


def test_a_repository_without_commits_has_no_history(tmp_path):
    repo = Repo(tmp_path / "repo")
    repo.write("a.md", "# A\n")
    assert list(ingest_git(repo.root, OPTIONS)) == []


def test_a_directory_outside_any_repository_is_an_input_error(tmp_path, monkeypatch):
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "a.md").write_text("# A\n")
    with pytest.raises(InputError, match="not inside a git repository"):
        list(ingest_git(plain, OPTIONS))


def test_a_missing_path_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        list(ingest_git(tmp_path / "missing", OPTIONS))
