"""Re-ingest honours how it reads (issue 23): a changed reading setting (date order, include/exclude, scope) re-reads
the store and says so; `ingest --rebuild` re-reads one store from scratch without touching the others. Real Neo4j."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from cli_helpers import run as cli

from provgraph.engine import stored_check
from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest


def adr(title: str, date: str, extra: str = "") -> str:
    return f"# {title}\n\nDate: {date}\n\n## Status\n\nAccepted\n\n{extra}## Decision\n\n{title}.\n"


def _asserted(graph: Graph, uid: str) -> datetime | None:
    value = graph.read("MATCH (c:Claim {uid: $uid}) RETURN c.asserted_at AS at", {"uid": uid})[0]["at"]
    return value.to_native() if value is not None else None


def test_a_changed_date_order_rereads_the_store_and_says_so(graph: Graph, tmp_path: Path) -> None:
    folder = tmp_path / "adr"
    folder.mkdir()
    (folder / "0001-a.md").write_text(adr("A", "01/06/2019"))  # no other date settles the order
    first = ingest(graph, "files", folder, store="adr")
    assert _asserted(graph, "adr:0001-a.md") is None
    again = ingest(graph, "files", folder, store="adr")
    assert (again.snapshots_unchanged, again.snapshots_added, again.readings[:1]) == (1, 0, first.readings[:1])
    reread = ingest(graph, "files", folder, store="adr", options={"date_order": "dayfirst"})
    assert reread.snapshots_added == 1 and reread.snapshots_unchanged == 0
    assert "reading changed" in reread.readings[0] and "date_order: (none) -> dayfirst" in reread.readings[0]
    assert _asserted(graph, "adr:0001-a.md") == datetime(2019, 6, 1, tzinfo=timezone.utc)
    same = ingest(graph, "files", folder, store="adr", options={"date_order": "dayfirst"})
    assert (same.snapshots_unchanged, same.readings) == (1, [])
    assert graph.read("MATCH (s:Snapshot) RETURN count(s) AS n")[0]["n"] == 1  # the old reading's snapshot is gone


def test_an_exclude_added_takes_the_excluded_records_out(graph: Graph, tmp_path: Path) -> None:
    folder = tmp_path / "adr"
    folder.mkdir()
    (folder / "0001-a.md").write_text(adr("A", "2024-01-01"))
    (folder / "0002-draft.md").write_text(adr("Draft", "2024-01-02"))
    ingest(graph, "files", folder, store="adr")
    summary = ingest(graph, "files", folder, store="adr", options={"exclude": ["0002-*"]})
    assert "exclude: (none) -> 0002-*" in summary.readings[0]
    assert [row.claim for row in status(graph)] == ["adr:0001-a.md"]
    assert stored_check.check(graph).ok


def test_rebuild_rereads_one_store_and_leaves_the_others_and_adjudications(graph: Graph, tmp_path: Path) -> None:
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    for folder in (ours, theirs):
        folder.mkdir()
    (ours / "0001-old.md").write_text(adr("Old", "2024-01-01"))
    (ours / "0002-new.md").write_text(adr("New", "2024-02-01", "Supersedes [1](0001-old.md)\n\n"))
    (theirs / "0001-x.md").write_text(adr("X", "2024-01-01"))
    ingest(graph, "files", ours, store="ours")
    ingest(graph, "files", theirs, store="theirs")
    assert cli("adjudicate", "--keep", "theirs:0001-x.md", "--retire", "ours:0002-new.md", "--why", "test").exit_code == 0
    before = {row["uid"]: row["observed"] for row in graph.read(
        "MATCH (s:Snapshot) RETURN s.uid AS uid, s.observed_at AS observed")}
    result = cli("ingest", "files", str(ours), "--store", "ours", "--rebuild")
    assert result.exit_code == 0, result.output
    assert "re-read from scratch (--rebuild)" in result.output
    after = {row["uid"]: row["observed"] for row in graph.read(
        "MATCH (s:Snapshot) RETURN s.uid AS uid, s.observed_at AS observed")}
    assert set(after) == set(before)
    assert [uid for uid in after if after[uid] != before[uid]] == sorted(uid for uid in after if uid.startswith("ours:"))
    rows = {row.claim: row for row in status(graph)}
    assert (rows["ours:0001-old.md"].status, rows["ours:0001-old.md"].reason) == ("STALE", "SUPERSEDED")
    assert (rows["ours:0002-new.md"].status, rows["ours:0002-new.md"].reason) == ("STALE", "SUPERSEDED")  # retired, still
    assert rows["theirs:0001-x.md"].status == "ACTIVE"
    assert graph.read("MATCH ()-[r:SUPERSEDES {via: ''}]->() RETURN count(r) AS n")[0]["n"] == 1
    assert stored_check.check(graph).ok
