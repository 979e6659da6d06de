"""Decision logs read the way their authors meant them (issue 12): supersession lines without "by",
templates and index pages, a plain folder's own dates, day-first and month-first dates, claims and
versions apart. Fixtures: tests/fixtures/conventions/ (written for these tests)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner
from ingest_run import FIXTURES
from ingest_run import run as run_ingester

from provgraph.base.times import AmbiguousDate, parse_numeric_date
from provgraph.cli import cli
from provgraph.engine.lineage import lineage
from provgraph.engine.status import status
from provgraph.engine.verify import verify
from provgraph.graph.connection import Graph
from provgraph.ingest.markdown import parse_markdown
from provgraph.ingest.records import IngestOptions

CONVENTIONS = FIXTURES / "conventions" / "adr"
MTIME = datetime(2026, 6, 1, tzinfo=timezone.utc).timestamp()  # a fresh checkout: every file "changed" today
SKIPPED = {"0000-TEMPLATE.md": "template", "README.md": "index page", "adr-template.md": "template",
           "index.md": "index page", "template.md": "template"}


def cli_run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The conventions folder as a fresh checkout: every mtime is today."""
    target = tmp_path / "adr"
    shutil.copytree(CONVENTIONS, target)
    for file in target.iterdir():
        os.utime(file, (MTIME, MTIME))
    return target


def ingest(folder: Path, *options: str) -> dict:
    result = cli_run("ingest", "files", str(folder), "--store", "adr", "-o", "json", *options)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def judged(graph: Graph, at: str | None = None) -> dict[str, tuple[str, str, list[str]]]:
    return {row.claim: (row.status, row.reason, list(row.successors)) for row in status(graph, at=at)}


def uid(name: str) -> str:
    return f"adr:{name}"


# ---------------------------------------------------------------- supersession lines without "by"


def test_supersession_lines_without_by_name_the_successor(graph: Graph, folder: Path) -> None:
    ingest(folder)
    found = judged(graph)
    for old, new in [("0001-use-rest-between-services.md", "0002-use-grpc-between-services.md"),  # ⌛️ Superseded [..]
                     ("0003-log-to-files.md", "0004-log-to-standard-output.md"),  # Superseded: [..]
                     ("0005-cache-in-memcached.md", "0006-cache-in-redis.md"),  # Replaced by [..]
                     ("0007-use-xml-configuration.md", "0008-use-toml-configuration.md")]:  # * Status: Obsoleted by [..]
        assert found[uid(old)] == ("STALE", "SUPERSEDED", [uid(new)]), old
        assert found[uid(new)][:2] == ("ACTIVE", "CURRENT"), new


def test_verify_and_lineage_name_the_successor_of_a_superseded_line(graph: Graph, folder: Path) -> None:
    ingest(folder)
    old, new = uid("0001-use-rest-between-services.md"), uid("0002-use-grpc-between-services.md")
    verdict = verify(graph, [old], candidates=[old, new])
    assert verdict.verdict == "STALE_EVIDENCE" and new in verdict.explanation
    assert lineage(graph, old).successors() == [new]
    incomplete = verify(graph, [old], candidates=[old])
    assert incomplete.verdict == "REVISION_CLOSURE_INCOMPLETE" and list(incomplete.missing) == [new]


def test_supersession_words_in_prose_outside_the_status_make_no_edge(graph: Graph, folder: Path) -> None:
    ingest(folder)
    prose = uid("0009-keep-service-contracts-versioned.md")
    assert judged(graph)[prose] == ("ACTIVE", "CURRENT", [])
    rows = graph.read("MATCH (:Claim {uid: $uid})-[r]-(:Claim) RETURN count(r) AS n", {"uid": prose})
    assert rows[0]["n"] == 0


def test_a_bare_superseded_word_without_a_link_names_no_successor() -> None:
    records = parse_markdown("0010-x.md", b"# 10. X\n\n## Status\n\nSuperseded 2019-01-01\n", datetime.now(timezone.utc),
                             IngestOptions(store="adr"))
    assert records[0].claims[0].declared == "superseded" and records[0].edges == ()


# ---------------------------------------------------------------- templates and index pages


def test_templates_and_index_pages_are_skipped_by_default_and_counted(graph: Graph, folder: Path) -> None:
    summary = ingest(folder)
    assert summary["skipped"] == {"index page": 2, "template": 3}
    sources = {row["locator"] for row in graph.read("MATCH (s:Source) RETURN s.locator AS locator")}
    assert sources.isdisjoint(SKIPPED) and len(sources) == 9
    claims = {row["uid"] for row in graph.read("MATCH (c:Claim) RETURN c.uid AS uid")}
    assert not any(name in claim for claim in claims for name in SKIPPED)
    text = cli_run("ingest", "files", str(folder), "--store", "adr")
    assert "5 file(s) that are not decisions: 2 index page, 3 template" in text.output


def test_skipped_files_are_the_same_for_the_plain_and_the_git_ingester(folder: Path) -> None:
    plain = run_ingester("files", "default", folder)
    assert {(s.file, s.reason) for s in plain.skipped} == set(SKIPPED.items())
    assert len(plain.observations) == 9


def test_include_reads_a_default_exclusion_and_exclude_leaves_out_more(graph: Graph, folder: Path) -> None:
    summary = ingest(folder, "--include", "README.md", "--exclude", "0009-*")
    assert summary["skipped"] == {"excluded": 1, "index page": 1, "template": 3}
    sources = {row["locator"] for row in graph.read("MATCH (s:Source) RETURN s.locator AS locator")}
    assert "README.md" in sources and "0009-keep-service-contracts-versioned.md" not in sources


def test_the_config_file_takes_include_exclude_and_dayfirst(graph: Graph, folder: Path, tmp_path: Path) -> None:
    config = tmp_path / "provgraph.toml"
    config.write_text('[[store]]\nname = "adr"\nkind = "files"\npath = "adr"\n'
                      'include = ["index.md"]\nexclude = ["0005-*", "0006-*"]\ndayfirst = true\n')
    result = cli_run("ingest", "--config", str(config), "-o", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["skipped"] == {"excluded": 2, "index page": 1, "template": 3}
    asserted = graph.read("MATCH (c:Claim {uid: $uid}) RETURN c.asserted_at AS at", {"uid": uid("0003-log-to-files.md")})
    assert asserted[0]["at"].to_native() == datetime(2018, 4, 10, tzinfo=timezone.utc)  # 10/04/18 day-first


def test_include_exclude_only_apply_to_files_stores(tmp_path: Path) -> None:
    config = tmp_path / "provgraph.toml"
    config.write_text('[[store]]\nkind = "cards"\npath = "x.jsonl"\nexclude = ["*"]\n')
    result = CliRunner().invoke(cli, ["ingest", "--config", str(config)])
    assert result.exit_code == 2 and "only apply to kind" in result.output


# ---------------------------------------------------------------- time without --git


def test_a_plain_folder_is_dated_by_each_records_own_date(graph: Graph, folder: Path) -> None:
    ingest(folder)
    then = judged(graph, at="2019-01-20")  # before the fresh checkout, after ADR 2's own date
    assert then[uid("0002-use-grpc-between-services.md")][:2] == ("ACTIVE", "CURRENT")
    assert then[uid("0001-use-rest-between-services.md")][:2] == ("STALE", "SUPERSEDED")
    assert then[uid("0006-cache-in-redis.md")][:2] == ("UNKNOWN", "NOT_YET_ASSERTED")  # dated 2019-02-11
    earlier = judged(graph, at="2018-06-01")
    assert earlier[uid("0002-use-grpc-between-services.md")][:2] == ("UNKNOWN", "NOT_YET_ASSERTED")
    # a plain folder has one version of each file: its text (here "Superseded") as of its own date, 26/03/2018
    assert earlier[uid("0001-use-rest-between-services.md")][:2] == ("STALE", "SUPERSEDED")
    assert judged(graph, at="2018-01-01")[uid("0001-use-rest-between-services.md")][:2] == ("UNKNOWN", "NOT_YET_ASSERTED")


def test_a_record_without_a_date_is_dated_by_its_mtime_and_a_later_date_is_capped(graph: Graph, tmp_path: Path) -> None:
    folder = tmp_path / "adr"
    folder.mkdir()
    (folder / "0001-undated.md").write_text("# 1. Undated\n\n## Status\n\nAccepted\n")
    (folder / "0002-typo.md").write_text("# 2. Typo\n\nDate: 2031-01-01\n\n## Status\n\nAccepted\n")
    for file in folder.iterdir():
        os.utime(file, (MTIME, MTIME))
    ingest(folder)
    at = datetime.fromtimestamp(MTIME, tz=timezone.utc).isoformat()
    assert {c: s[:2] for c, s in judged(graph, at=at).items()} == {
        uid("0001-undated.md"): ("ACTIVE", "CURRENT"), uid("0002-typo.md"): ("ACTIVE", "CURRENT")}
    assert {s[:2] for s in judged(graph, at="2026-05-01").values()} == {("UNKNOWN", "NOT_YET_ASSERTED")}


def test_an_edited_plain_file_counts_from_its_mtime_not_its_unchanged_date(graph: Graph, tmp_path: Path) -> None:
    folder = tmp_path / "adr"
    folder.mkdir()
    record = folder / "0001-queues.md"
    record.write_text("# 1. Queues\n\nDate: 2024-01-01\n\n## Status\n\nAccepted\n")
    os.utime(record, (MTIME, MTIME))
    ingest(folder)
    record.write_text("# 1. Queues\n\nDate: 2024-01-01\n\n## Status\n\nDeprecated\n")
    edited = datetime(2026, 7, 1, tzinfo=timezone.utc).timestamp()
    os.utime(record, (edited, edited))
    assert ingest(folder)["snapshots_added"] == 1
    assert judged(graph)[uid("0001-queues.md")][:2] == ("STALE", "DEPRECATED")
    assert judged(graph, at="2026-06-15")[uid("0001-queues.md")][:2] == ("ACTIVE", "CURRENT")
    assert judged(graph, at="2025-01-01")[uid("0001-queues.md")][:2] == ("ACTIVE", "CURRENT")


# ---------------------------------------------------------------- dates


@pytest.mark.parametrize("text, order, expected", [
    ("26/03/2018", None, datetime(2018, 3, 26, tzinfo=timezone.utc)),  # a part > 12 settles it
    ("3/15/2019", None, datetime(2019, 3, 15, tzinfo=timezone.utc)),
    ("10/04/18", "dayfirst", datetime(2018, 4, 10, tzinfo=timezone.utc)),
    ("10/04/18", "monthfirst", datetime(2018, 10, 4, tzinfo=timezone.utc)),
    ("04/04/2018", None, datetime(2018, 4, 4, tzinfo=timezone.utc)),  # both orders agree
    ("10.04.2018", None, datetime(2018, 4, 10, tzinfo=timezone.utc)),  # dotted: day-first
    ("31/02/2018", None, None),  # no such day
    ("2018-03-26", None, None),  # not a numeric d/m/y date: parse_time reads ISO
])
def test_numeric_dates_read_day_first_or_month_first(text: str, order: str | None, expected: datetime | None) -> None:
    assert parse_numeric_date(text, order) == expected


def test_an_ambiguous_date_without_an_order_is_ambiguous() -> None:
    with pytest.raises(AmbiguousDate):
        parse_numeric_date("10/04/18")


def test_dayfirst_and_monthfirst_read_ambiguous_date_lines(graph: Graph, folder: Path) -> None:
    summary = ingest(folder)
    notices = [f for f in summary["findings"] if f["kind"] == "unparsed_date"]
    assert [(n["subject"], "ambiguous" in n["detail"]) for n in notices] == [(uid("0003-log-to-files.md"), True)]
    query = "MATCH (c:Claim {uid: $uid}) RETURN c.asserted_at AS at"
    assert graph.read(query, {"uid": uid("0001-use-rest-between-services.md")})[0]["at"].to_native() == datetime(2018, 3, 26, tzinfo=timezone.utc)
    assert graph.read(query, {"uid": uid("0004-log-to-standard-output.md")})[0]["at"].to_native() == datetime(2019, 3, 15, tzinfo=timezone.utc)
    ingest(tmp_copy(folder, "monthfirst"), "--monthfirst", "--store", "mf")
    assert graph.read(query, {"uid": "mf:0003-log-to-files.md"})[0]["at"].to_native() == datetime(2018, 10, 4, tzinfo=timezone.utc)
    ingest(tmp_copy(folder, "dayfirst"), "--dayfirst", "--store", "df")
    assert graph.read(query, {"uid": "df:0003-log-to-files.md"})[0]["at"].to_native() == datetime(2018, 4, 10, tzinfo=timezone.utc)


def tmp_copy(folder: Path, name: str) -> Path:
    target = folder.parent / name
    shutil.copytree(folder, target)
    return target


# ---------------------------------------------------------------- claims and versions apart


class Repo:
    """A git repository in tmp_path whose commits carry the dates a test gives them."""

    def __init__(self, root: Path) -> None:
        if shutil.which("git") is None:
            pytest.skip("git is not installed")
        self.root = root
        root.mkdir(parents=True)
        self.git("init", "-q", "-b", "main")

    def git(self, *arguments: str, when: str = "2024-01-01T00:00:00Z") -> None:
        env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Ada",
               "GIT_AUTHOR_EMAIL": "ada@example.com", "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.com",
               "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
        subprocess.run(["git", *arguments], cwd=self.root, env=env, check=True, capture_output=True)

    def commit(self, files: dict[str, str], when: str) -> None:
        for relpath, text in files.items():
            (self.root / relpath).parent.mkdir(parents=True, exist_ok=True)
            (self.root / relpath).write_text(text)
        self.git("add", "-A", when=when)
        self.git("commit", "-q", "-m", "change", when=when)


ADR_4 = "# 4. Use queues\n\nDate: 2024-01-01\n\n## Status\n\nAccepted\n\n## Decision\n\nUse a queue for every job.\n"


def test_a_renamed_adr_stays_one_active_claim_and_links_to_either_name_resolve(graph: Graph, tmp_path: Path) -> None:
    repo = Repo(tmp_path / "repo")
    repo.commit({"adr-4.md": ADR_4}, "2024-01-01T00:00:00Z")
    repo.git("mv", "adr-4.md", "adr-04.md", when="2024-02-01T00:00:00Z")
    repo.commit({"adr-05.md": "# 5. Use a dead-letter queue\n\n## Status\n\nAccepted\n\nSupersedes [4](adr-04.md)\n",
                 "adr-06.md": "---\ndepends_on: [adr-4.md]\n---\n# 6. Retry jobs\n\n## Status\n\nAccepted\n"},
                "2024-03-01T00:00:00Z")
    summary = ingest(repo.root, "--git")
    assert summary["unresolved"] == []  # the new name and the old one both reach the renamed claim
    found = judged(graph)
    assert set(found) == {"adr:adr-4.md", "adr:adr-05.md", "adr:adr-06.md"}  # no second claim for adr-04.md
    assert found["adr:adr-4.md"] == ("STALE", "SUPERSEDED", ["adr:adr-05.md"])  # not SOURCE_DELETED
    assert judged(graph, at="2024-02-15")["adr:adr-4.md"][:2] == ("ACTIVE", "CURRENT")
    sources = {r["uid"]: r["locator"] for r in graph.read("MATCH (s:Source) RETURN s.uid AS uid, s.locator AS locator")}
    assert sources == {"adr:adr-4.md": "adr-04.md", "adr:adr-05.md": "adr-05.md", "adr:adr-06.md": "adr-06.md"}
    assert graph.read("MATCH (s:Snapshot {deleted: true}) RETURN count(s) AS n")[0]["n"] == 0


def test_with_git_a_date_line_after_the_first_commit_does_not_hide_the_adr(graph: Graph, tmp_path: Path) -> None:
    repo = Repo(tmp_path / "repo")
    repo.commit({"0004-use-queues.md": ADR_4.replace("Date: 2024-01-01", "Date: 2025-01-01")}, "2024-01-10T00:00:00Z")
    ingest(repo.root, "--git")
    assert judged(graph, at="2024-06-01")["adr:0004-use-queues.md"][:2] == ("ACTIVE", "CURRENT")
    assert judged(graph, at="2024-01-05")["adr:0004-use-queues.md"][:2] == ("UNKNOWN", "NOT_YET_ASSERTED")


def test_the_summary_says_claims_and_claim_versions_apart(graph: Graph, tmp_path: Path) -> None:
    repo = Repo(tmp_path / "repo")
    for number, status_word in enumerate(("Proposed", "Accepted", "Deprecated")):
        repo.commit({"0001-a.md": f"# 1. A\n\n## Status\n\n{status_word}\n", "0002-b.md": "# 2. B\n\n## Status\n\nAccepted\n"},
                    f"2024-0{number + 1}-01T00:00:00Z")
    summary = ingest(repo.root, "--git")
    assert (summary["claims_written"], summary["claim_versions_written"]) == (2, 4)
    text = cli_run("ingest", "files", str(repo.root), "--git", "--store", "other")
    assert "2 claims (4 versions) and 0 edges written" in text.output
