"""The pipeline: batched, idempotent writes of ingester records, with the time rule kept."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import write
from provgraph.ingest.records import (
    ClaimRecord,
    EdgeRecord,
    Notice,
    Observation,
    Quarantined,
    SnapshotRecord,
    SourceRecord,
    canonical_json,
    sha256_hex,
)


def at(day: int, month: int = 1) -> datetime:
    return datetime(2026, month, day, tzinfo=timezone.utc)


def obs(source: str, content: str, when: datetime, claims=(), edges=(), version=None, deleted=False, group=None) -> Observation:
    return Observation(
        source=SourceRecord(uid=f"s:{source}", locator=source, kind="card", container=group),
        snapshot=SnapshotRecord(sha256=sha256_hex(content.encode()), revised_at=when, version=version, deleted=deleted),
        claims=tuple(claims),
        edges=tuple(edges),
        append_only_group=f"s:{group}" if group else None,
    )


def counts(graph: Graph) -> tuple[int, int]:
    nodes = graph.read("MATCH (n) WHERE NOT n:ProvgraphSchema RETURN count(n) AS n")[0]["n"]
    rels = graph.read("MATCH ()-[r]->() RETURN count(r) AS n")[0]["n"]
    return nodes, rels


def test_observation_writes_store_source_snapshot_claim_and_citation(graph: Graph) -> None:
    claim = ClaimRecord(uid="c1", text="retry 3", subject="retry", value="3", line_start=1, line_end=2, quote_sha256="ab")
    summary = write(graph, [obs("a", "v1", at(1), [claim])], store="s", store_kind="cards", scope="org/acme")
    assert summary.snapshots_added == 1 and summary.claims_written == 1
    row = graph.read(
        "MATCH (c:Claim {uid:'c1'})-[k:CITED_AT]->(s:Snapshot)-[:OF]->(src:Source)-[:IN]->(st:Store) "
        "RETURN c.scope AS scope, c.value AS value, k.line_start AS ls, k.scope AS kscope, s.sha256 AS sha, "
        "s.until AS until, src.uid AS src, st.name AS store, st.kind AS kind"
    )[0]
    assert row == {"scope": "org/acme", "value": "3", "ls": 1, "kscope": "org/acme", "sha": sha256_hex(b"v1"),
                   "until": None, "src": "s:a", "store": "s", "kind": "cards"}


def test_reingesting_unchanged_input_changes_nothing(graph: Graph) -> None:
    records = [
        obs("a", "v1", at(1), [ClaimRecord(uid="c1", aliases=("url-1",))]),
        obs("b", "v1", at(2), [ClaimRecord(uid="c2")], [EdgeRecord("SUPERSEDES", "c2", "url-1"), EdgeRecord("DEPENDS_ON", "c2", "nowhere")]),
    ]
    first = write(graph, records, store="s", store_kind="cards")
    before = counts(graph)
    props_before = graph.read("MATCH (n) RETURN n.uid AS uid, properties(n) AS p ORDER BY uid")
    second = write(graph, records, store="s", store_kind="cards")
    assert first.snapshots_added == 2
    assert second.snapshots_added == 0 and second.snapshots_unchanged == 2
    assert counts(graph) == before
    assert graph.read("MATCH (n) RETURN n.uid AS uid, properties(n) AS p ORDER BY uid") == props_before


def test_alias_reference_resolves_to_claim_in_same_run(graph: Graph) -> None:
    records = [
        obs("a", "v1", at(1), [ClaimRecord(uid="c1", aliases=("https://x/1",))]),
        obs("b", "v1", at(2), [ClaimRecord(uid="c2")], [EdgeRecord("CORRECTS", "c2", "https://x/1")]),
    ]
    write(graph, records, store="s", store_kind="cards")
    rows = graph.read("MATCH (a)-[r:CORRECTS]->(b) RETURN a.uid AS a, b.uid AS b, r.valid_from AS vf, r.valid_to AS vt, r.sources AS src")
    assert [(r["a"], r["b"], r["vt"], r["src"]) for r in rows] == [("c2", "c1", None, ["s:b"])]
    assert rows[0]["vf"].to_native() == at(2)


def test_unresolved_reference_becomes_placeholder_and_is_reported(graph: Graph) -> None:
    summary = write(graph, [obs("b", "v1", at(2), [ClaimRecord(uid="c2")], [EdgeRecord("SUPERSEDES", "c2", "ghost")])],
                    store="s", store_kind="cards")
    assert summary.unresolved == ["ghost"]
    assert graph.read("MATCH (g:Claim {uid:'ghost'}) RETURN g.placeholder AS p")[0]["p"] is True


def test_later_ingest_of_aliased_claim_takes_over_placeholder(graph: Graph) -> None:
    write(graph, [obs("b", "v1", at(2), [ClaimRecord(uid="c2")], [EdgeRecord("SUPERSEDES", "c2", "docs/x.md")])],
          store="s", store_kind="files")
    write(graph, [obs("x", "v1", at(1), [ClaimRecord(uid="ADR-9", aliases=("docs/x.md",))])], store="s", store_kind="files")
    assert graph.read("MATCH (c:Claim {uid:'docs/x.md'}) RETURN count(c) AS n")[0]["n"] == 0
    rows = graph.read("MATCH (a)-[r:SUPERSEDES]->(b) RETURN a.uid AS a, b.uid AS b, b.placeholder AS p")
    assert rows == [{"a": "c2", "b": "ADR-9", "p": False}]


def test_new_snapshot_closes_previous_and_dropped_edge_gets_valid_to(graph: Graph) -> None:
    edge = EdgeRecord("SUPERSEDES", "c2", "c1")
    write(graph, [obs("a", "v1", at(1), [ClaimRecord(uid="c1")]),
                  obs("b", "v1", at(2), [ClaimRecord(uid="c2")], [edge])], store="s", store_kind="cards")
    write(graph, [obs("b", "v2", at(5), [ClaimRecord(uid="c2", text="now without the link")])], store="s", store_kind="cards")
    snaps = graph.read("MATCH (s:Snapshot)-[:OF]->(:Source {uid:'s:b'}) RETURN s.revised_at AS r, s.until AS u ORDER BY r")
    assert [(s["r"].to_native(), s["u"] and s["u"].to_native()) for s in snaps] == [(at(2), at(5)), (at(5), None)]
    assert graph.read("MATCH (n:Snapshot)-[:PREVIOUS]->(o:Snapshot) RETURN n.revised_at AS n, o.revised_at AS o")[0]["o"].to_native() == at(2)
    window = graph.read("MATCH ()-[r:SUPERSEDES]->() RETURN r.valid_from AS f, r.valid_to AS t")[0]
    assert (window["f"].to_native(), window["t"].to_native()) == (at(2), at(5))
    assert graph.read("MATCH (c:Claim {uid:'c2'}) RETURN c.text AS t")[0]["t"] == "now without the link"


def test_a_claim_and_an_edge_written_again_add_to_what_is_stored(graph: Graph) -> None:
    # first write: set from the record alone; a later snapshot appends its aliases and its recording (in order, once)
    write(graph, [obs("a", "v1", at(1), [ClaimRecord(uid="c1", aliases=("x", "x", "c1", "")), ClaimRecord(uid="c0")],
                      [EdgeRecord("SUPERSEDES", "c1", "c0", line=3)])], store="s", store_kind="cards")
    write(graph, [obs("a", "v2", at(2), [ClaimRecord(uid="c1", aliases=("y", "x")), ClaimRecord(uid="c0")],
                      [EdgeRecord("SUPERSEDES", "c1", "c0")])], store="s", store_kind="cards")
    assert graph.read("MATCH (c:Claim {uid:'c1'}) RETURN c.aliases AS a, c.placeholder AS p")[0] == {"a": ["x", "y"], "p": False}
    snapshots = [row["uid"] for row in graph.read(
        "MATCH (s:Snapshot)-[:OF]->(:Source {uid:'s:a'}) RETURN s.uid AS uid ORDER BY s.revised_at")]
    edge = graph.read("MATCH (:Claim {uid:'c1'})-[r:SUPERSEDES]->(:Claim {uid:'c0'}) "
                      "RETURN r.recorded_in AS i, r.recorded_lines AS l, r.sources AS s, r.scope AS scope")
    assert edge == [{"i": snapshots, "l": [3, 0], "s": ["s:a"], "scope": ""}]


def test_snapshots_arriving_out_of_order_keep_the_chain_by_time(graph: Graph) -> None:
    write(graph, [obs("a", "v2", at(9), [ClaimRecord(uid="c1", text="new")], version="r2")], store="s", store_kind="git")
    write(graph, [obs("a", "v1", at(3), [ClaimRecord(uid="c1", text="old")], version="r1")], store="s", store_kind="git")
    snaps = graph.read("MATCH (s:Snapshot) RETURN s.version AS v, s.until AS u ORDER BY s.revised_at")
    assert [(s["v"], s["u"] and s["u"].to_native()) for s in snaps] == [("r1", at(9)), ("r2", None)]
    assert graph.read("MATCH (c:Claim {uid:'c1'}) RETURN c.text AS t")[0]["t"] == "new"


def test_file_returning_to_earlier_content_is_a_new_snapshot(graph: Graph) -> None:
    for content, day in (("A", 1), ("B", 2), ("A", 3)):
        write(graph, [obs("f", content, at(day), [ClaimRecord(uid=f"c-{content}")])], store="s", store_kind="files")
    latest = graph.read("MATCH (s:Snapshot) WHERE s.until IS NULL RETURN s.sha256 AS sha, s.revised_at AS r")
    assert len(latest) == 1 and latest[0]["sha"] == sha256_hex(b"A") and latest[0]["r"].to_native() == at(3)


def test_tombstone_snapshot_is_recorded_as_deleted(graph: Graph) -> None:
    write(graph, [obs("a", "v1", at(1), [ClaimRecord(uid="c1")], version="r1"),
                  obs("a", "", at(4), version="r2", deleted=True)], store="s", store_kind="git")
    rows = graph.read("MATCH (s:Snapshot) RETURN s.version AS v, s.deleted AS d, s.until AS u ORDER BY s.revised_at")
    assert [(r["v"], r["d"]) for r in rows] == [("r1", False), ("r2", True)]


def test_changed_log_prefix_is_a_rewrite_finding_and_flags_the_entry(graph: Graph) -> None:
    def entry(i: int, value: str) -> Observation:
        record = {"id": f"e{i}", "ts": i, "value": value}
        return Observation(
            source=SourceRecord(uid=f"log:app.jsonl#e{i}", locator=f"app.jsonl#e{i}", kind="log-entry", container="app.jsonl"),
            snapshot=SnapshotRecord(sha256=sha256_hex(canonical_json(record)), revised_at=at(i)),
            claims=(ClaimRecord(uid=f"e{i}", value=value),),
            append_only_group="log:app.jsonl", sequence=i,
        )

    write(graph, [entry(1, "a"), entry(2, "b"), entry(3, "c")], store="log", store_kind="logs")
    summary = write(graph, [entry(1, "a"), entry(2, "B!"), entry(4, "d")], store="log", store_kind="logs")
    assert [f["kind"] for f in summary.findings] == ["log_rewrite"]
    assert "app.jsonl#e2" in summary.findings[0]["detail"] and "app.jsonl#e3" in summary.findings[0]["detail"]
    flagged = graph.read(
        "MATCH (c:Claim {uid:'e2'})-[k:CITED_AT]->(s:Snapshot) WHERE s.until IS NULL RETURN k.rewritten AS r"
    )
    assert flagged == [{"r": True}]
    vanished = graph.read(
        "MATCH (:Source {uid:'log:app.jsonl#e3'})<-[:OF]-(s:Snapshot) WHERE s.until IS NULL "
        "RETURN exists { (:Claim)-[:CITED_AT]->(s) } AS cites"
    )
    assert vanished == [{"cites": False}]
    assert graph.read("MATCH (f:Finding {kind:'log_rewrite'}) RETURN count(f) AS n")[0]["n"] == 1


def test_latest_wins_policy_records_adjudications_not_silent_edges(graph: Graph) -> None:
    records = [
        obs("e1", "1", at(1), [ClaimRecord(uid="e1", subject="page", value="20", asserted_at=at(1))]),
        obs("e2", "2", at(2), [ClaimRecord(uid="e2", subject="page", value="50", asserted_at=at(2))]),
        obs("e3", "3", at(3), [ClaimRecord(uid="e3", subject="other", value="x", asserted_at=at(3))]),
    ]
    summary = write(graph, records, store="log", store_kind="logs", policy="latest-wins")
    assert summary.adjudications == 1
    rows = graph.read(
        "MATCH (a:Adjudication)-[:KEEPS]->(k), (a)-[:RETIRES]->(r), (k)-[e:SUPERSEDES]->(r) "
        "RETURN a.policy AS policy, k.uid AS keep, r.uid AS retire, e.via = a.uid AS linked"
    )
    assert rows == [{"policy": "latest-wins", "keep": "e2", "retire": "e1", "linked": True}]
    again = write(graph, records, store="log", store_kind="logs", policy="latest-wins")
    assert graph.read("MATCH (a:Adjudication) RETURN count(a) AS n")[0]["n"] == 1 and again.snapshots_added == 0


def test_quarantined_records_and_notices_are_kept_and_counted(graph: Graph) -> None:
    records = [
        obs("a", "v1", at(1), [ClaimRecord(uid="c1")]),
        Quarantined(file="board.jsonl", line=7, reason="invalid JSON"),
        Notice(kind="unknown_link_type", subject="c1", detail="verb 'blocks'"),
    ]
    summary = write(graph, records, store="s", store_kind="cards")
    assert summary.quarantined == [{"file": "board.jsonl", "line": 7, "reason": "invalid JSON"}]
    assert graph.read("MATCH (q:Quarantine) RETURN q.file AS f, q.line AS l")[0] == {"f": "board.jsonl", "l": 7}
    assert graph.read("MATCH (f:Finding) RETURN f.kind AS k")[0]["k"] == "unknown_link_type"
    assert graph.read("MATCH (c:Claim) RETURN count(c) AS n")[0]["n"] == 1


def test_self_reference_after_resolution_is_dropped_with_a_notice(graph: Graph) -> None:
    summary = write(graph, [obs("a", "v1", at(1), [ClaimRecord(uid="c1", aliases=("me",))], [EdgeRecord("SUPERSEDES", "c1", "me")])],
                    store="s", store_kind="cards")
    assert summary.edges_written == 0
    assert graph.read("MATCH ()-[r:SUPERSEDES]->() RETURN count(r) AS n")[0]["n"] == 0
    assert [f["kind"] for f in summary.findings] == ["self_reference"]


def test_injection_strings_are_stored_as_data(graph: Graph) -> None:
    hostile = "x'}) MATCH (n) DETACH DELETE n //"
    write(graph, [obs("a", "v1", at(1), [ClaimRecord(uid=hostile, text=hostile, subject=hostile)],
                      [EdgeRecord("SUPERSEDES", hostile, "`) DETACH DELETE n")])], store="s", store_kind="cards")
    assert graph.read("MATCH (c:Claim {uid: $u}) RETURN c.text AS t", {"u": hostile})[0]["t"] == hostile
    assert graph.read("MATCH (c:Claim) RETURN count(c) AS n")[0]["n"] == 2


@pytest.mark.long(45)
def test_many_observations_are_written_in_batches(graph: Graph) -> None:
    records = [obs(f"k{i}", "v", at(1), [ClaimRecord(uid=f"k{i}")], [EdgeRecord("DEPENDS_ON", f"k{i}", f"k{i - 1}")] if i else [])
               for i in range(4500)]
    summary = write(graph, records, store="s", store_kind="cards")
    assert summary.snapshots_added == 4500 and summary.edges_written == 4499
    assert graph.read("MATCH (:Claim)-[r:DEPENDS_ON]->(:Claim) RETURN count(r) AS n")[0]["n"] == 4499
    assert graph.read("MATCH (c:Claim {placeholder: true}) RETURN count(c) AS n")[0]["n"] == 0
