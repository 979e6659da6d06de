"""Ingest streams: JSON Lines inputs are read a line at a time, and the pipeline holds an index and one batch, not
the input, while keeping what an ingest promises when the input is read whole (all or nothing, references resolved
across the file, every quarantine counted)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest

from provgraph.base.errors import InputError
from provgraph.graph.connection import Graph
from provgraph.ingest import get
from provgraph.ingest.pipeline import ingest, write
from provgraph.ingest.pipeline import summary as pipeline_summary
from provgraph.ingest.pipeline.batch import BATCH_ENV
from provgraph.ingest.pipeline.stream import NameSet
from provgraph.ingest.records import (
    ClaimRecord,
    IngestOptions,
    Observation,
    Record,
    SnapshotRecord,
    SourceRecord,
    canonical_json,
    sha256_hex,
)
from tests.ingest.test_pipeline import at, obs


def _nodes(graph: Graph) -> int:
    return graph.read("MATCH (n) WHERE NOT n:ProvgraphSchema RETURN count(n) AS n")[0]["n"]


def _card(uid: str, minute: int, **fields: object) -> str:
    card = {"id": uid, "ts": f"2026-01-01T00:{minute:02d}:00Z", "content": f"card {uid}", **fields}
    return json.dumps(card) + "\n"


@pytest.mark.parametrize("kind, fmt", [("cards", "default"), ("logs", "jsonl")])
def test_a_json_lines_file_is_read_as_records_are_asked_for_not_held_whole(tmp_path: Path, kind: str, fmt: str) -> None:
    path = tmp_path / "big.jsonl"
    # well past any read buffer, so a reader that reads the file up front cannot see the line appended below
    path.write_text("".join(_card(f"c{i}", i % 60) for i in range(3000)))
    records = get(kind, fmt)(path, IngestOptions(store="s"))
    first = next(iter(records))
    assert isinstance(first, Observation) and first.claims[0].uid == "c0"
    with path.open("a") as handle:
        handle.write(_card("appended", 1))
    uids = [r.claims[0].uid for r in records if isinstance(r, Observation)]
    assert uids[-1] == "appended" and len(uids) == 3000


def test_an_input_unusable_only_at_its_end_leaves_the_graph_untouched_however_many_batches_it_spans(
        graph: Graph, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BATCH_ENV, "2")
    reads = []

    def read() -> Iterator[Record]:
        reads.append(1)
        for i in range(10):
            yield obs(f"s{i}", f"v{i}", at(1 + i), [ClaimRecord(uid=f"c{i}")])
        raise InputError(Path("input.jsonl"), "unusable at its end")

    with pytest.raises(InputError):
        write(graph, read, store="s", store_kind="cards")
    assert _nodes(graph) == 0 and reads == [1]


def test_references_to_claims_later_in_the_file_resolve_across_batches_by_id_url_and_lineage(
        graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BATCH_ENV, "2")
    url = "https://board.example/c/{}".format
    path = tmp_path / "board.jsonl"
    path.write_text(
        _card("a", 1, url=url("a"), edges=[{"verb": "supersedes", "target": "e"}])
        + _card("b", 2, url=url("b"), edges=[{"verb": "depends_on", "target": url("f")}])
        + _card("c", 3, url=url("c"), edges=[{"verb": "cites", "target": "g"}])
        + _card("d", 4, url=url("d"))
        + _card("e", 5, url=url("e"))
        + _card("f", 6, url=url("f"))
        + _card("g", 7, url=url("g"), edges=[{"verb": "amends", "target": url("a")}])
    )
    summary = ingest(graph, "cards", path, store="board")
    assert (summary.unresolved, summary.external, summary.claims_written) == ([], [], 7)
    edges = graph.read("MATCH (x:Claim)-[r]->(y:Claim) WHERE type(r) <> 'CITED_AT' "
                       "RETURN x.uid AS from, type(r) AS kind, y.uid AS to ORDER BY from")
    assert [(e["from"], e["kind"], e["to"]) for e in edges] == [
        ("a", "SUPERSEDES", "e"), ("b", "DEPENDS_ON", "f"), ("c", "RELATES", "g"), ("g", "AMENDS", "a")]
    leftovers = graph.read("OPTIONAL MATCH (p:Claim {placeholder: true}) WITH count(p) AS placeholders "
                           "OPTIONAL MATCH (e:ExternalRef) RETURN placeholders, count(e) AS external")
    assert leftovers == [{"placeholders": 0, "external": 0}]
    again = ingest(graph, "cards", path, store="board")
    assert (again.snapshots_added, again.snapshots_unchanged) == (0, 7)


def test_every_quarantine_of_a_file_of_many_bad_lines_is_counted_and_stored_and_the_summary_lists_a_bounded_few(
        graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BATCH_ENV, "4")
    monkeypatch.setattr(pipeline_summary, "LISTED", 10)
    path = tmp_path / "board.jsonl"
    lines = []
    for i in range(30):
        lines.append(_card(f"good{i}", i % 60) if i % 6 == 0 else "{not json\n" if i % 2 else '{"id": "no-ts"}\n')
    path.write_text("".join(lines))
    summary = ingest(graph, "cards", path, store="board")
    assert (summary.observations, summary.quarantined_count, len(summary.quarantined)) == (5, 25, 10)
    assert [q["line"] for q in summary.quarantined] == [n for n in range(1, 31) if (n - 1) % 6][:10]
    assert "25 quarantined" in summary.text_lines()[0]
    assert graph.read("MATCH (q:Quarantine {store: 'board'}) RETURN count(q) AS n")[0]["n"] == 25


def _entry(i: int, value: str, uid: str | None = None) -> Observation:
    uid = uid or f"e{i}"
    record = {"id": uid, "ts": i, "value": value}
    return Observation(
        source=SourceRecord(uid=f"log:app.jsonl#{uid}", locator=f"app.jsonl#{uid}", kind="log-entry", container="app.jsonl"),
        snapshot=SnapshotRecord(sha256=sha256_hex(canonical_json(record)), revised_at=at(i)),
        claims=(ClaimRecord(uid=uid, value=value),),
        append_only_group="log:app.jsonl", sequence=i,
    )


def test_a_log_rewritten_across_batches_gives_one_finding_and_an_id_repeated_in_another_batch_is_no_rewrite(
        graph: Graph, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BATCH_ENV, "2")
    first = write(graph, [_entry(1, "a"), _entry(2, "b"), _entry(3, "c"), _entry(4, "d"), _entry(5, "b2", uid="e2")],
                  store="log", store_kind="logs")
    assert first.findings == [] and first.snapshots_added == 5
    summary = write(graph, [_entry(1, "a"), _entry(2, "B!"), _entry(4, "d"), _entry(6, "e"), _entry(7, "f")],
                    store="log", store_kind="logs")
    assert [f["kind"] for f in summary.findings] == ["log_rewrite"]
    assert summary.findings[0]["detail"] == (
        "2 already-ingested entries changed or vanished: app.jsonl#e2, app.jsonl#e3")
    vanished = graph.read(
        "MATCH (:Source {uid:'log:app.jsonl#e3'})<-[:OF]-(s:Snapshot) WHERE s.until IS NULL "
        "RETURN exists { (:Claim)-[:CITED_AT]->(s) } AS cites"
    )
    assert vanished == [{"cites": False}]


def test_a_name_set_answers_membership_and_names_the_repeated_ones() -> None:
    names = NameSet()
    for name in ["a", "b", "a", "c"]:
        names.add(name)
    assert "a" in names and "c" in names and "d" not in names and 7 not in names
    assert names.repeated() == {hash("a")}
    names.add("d")
    assert "d" in names and len(names) == 5
