"""A first load (a store the graph holds no source of) skips the graph questions that cannot find anything, and
writes the same graph as the ordinary path: node for node, property for property, stored status included."""
from __future__ import annotations

import json
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

import pytest

from bench.common import corpus as bench_corpus
from bench.common.corpus import FORMATS
from provgraph.engine import stored_status
from provgraph.graph.connection import Graph
from provgraph.graph.schema import wipe
from provgraph.ingest import get as get_ingester
from provgraph.ingest.pipeline import batch as pipeline_batch
from provgraph.ingest.pipeline import ingest, write
from provgraph.ingest.pipeline.batch import Load, first_load
from provgraph.ingest.records import IngestOptions, Observation, Record

# the lock's count of writers is how many transactions took it (bigger batches: fewer), not what the graph holds
_NOT_COMPARED = {"ProvgraphLock"}


def _value(value: Any, start: datetime, end: datetime) -> Any:
    """A property value as compared: an instant inside the run (when it was written or computed) as one token."""
    native = value.to_native() if hasattr(value, "to_native") else value
    if isinstance(native, datetime) and native.tzinfo is not None and start <= native <= end:
        return "<during the run>"
    if isinstance(native, list):
        return [_value(item, start, end) for item in native]
    return native if isinstance(native, (str, int, float, bool, type(None))) else str(native)


def _dump(graph: Graph, start: datetime, end: datetime) -> tuple[Counter[str], Counter[str]]:
    """Every node (labels, properties) and relationship (type, its ends' keys, properties), as multisets."""
    nodes: Counter[str] = Counter()
    for row in graph.read("MATCH (n) RETURN labels(n) AS labels, properties(n) AS props"):
        if not set(row["labels"]) & _NOT_COMPARED:
            props = {key: _value(value, start, end) for key, value in row["props"].items()}
            nodes[json.dumps([sorted(row["labels"]), props], sort_keys=True, default=str)] += 1
    rels: Counter[str] = Counter()
    for row in graph.read(
            "MATCH (a)-[r]->(b) RETURN type(r) AS type, properties(r) AS props, labels(a) AS al, labels(b) AS bl, "
            "coalesce(a.uid, a.name, a.subject) AS a, coalesce(b.uid, b.name, b.subject) AS b"):
        props = {key: _value(value, start, end) for key, value in row["props"].items()}
        rels[json.dumps([row["type"], sorted(row["al"]), row["a"], sorted(row["bl"]), row["b"], props],
                        sort_keys=True, default=str)] += 1
    return nodes, rels


def _load(graph: Graph, files: list[tuple[str, str, Path]]) -> tuple[list[Load], tuple[Counter[str], Counter[str]]]:
    start = datetime.now(timezone.utc)
    loads = []
    original = Load.of

    def kept(graph: Graph, store: str) -> Load:
        loads.append(original(graph, store))
        return loads[-1]

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(Load, "of", kept)
        for store, kind, path in files:
            ingest(graph, kind, path, fmt=FORMATS[kind], store=store)
    return loads, _dump(graph, start, datetime.now(timezone.utc))


def _diff(left: Counter[str], right: Counter[str]) -> list[str]:
    return sorted((left - right).keys())[:5] + sorted((right - left).keys())[:5]


@pytest.mark.parametrize("batch", ["7", "2000"])
def test_a_first_load_writes_the_graph_the_ordinary_path_writes(graph: Graph, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch, batch: str) -> None:
    monkeypatch.setenv("PROVGRAPH_BATCH_OBSERVATIONS", batch)
    corpus = bench_corpus.generate(240, seed=5)
    files = bench_corpus.write_files(corpus, tmp_path / "corpus")
    loads, first = _load(graph, files)
    # every store is new; only the first went into an empty graph and left its batches' marks to its end
    assert [(load.first, load.deferring) for load in loads] == [(True, True)] + [(True, False)] * (len(files) - 1)
    assert graph.read("MATCH (c:Claim) WHERE c.status IS NOT NULL RETURN count(c) AS n")[0]["n"] >= 240

    wipe(graph)
    with monkeypatch.context() as patched:  # the ordinary path: every question asked of the graph
        patched.setattr(pipeline_batch, "first_load", lambda graph, store: False)
        loads, ordinary = _load(graph, files)
    assert not any(load.first or load.deferring for load in loads)
    assert sum(first[0].values()) > 240 * 3 and sum(first[1].values()) > 240 * 3  # claims, sources, snapshots, ...
    assert _diff(first[0], ordinary[0]) == []
    assert _diff(first[1], ordinary[1]) == []


def test_a_store_the_graph_holds_is_no_first_load_and_its_rewrites_are_still_found(graph: Graph,
                                                                                   tmp_path: Path) -> None:
    log = tmp_path / "decisions.jsonl"
    log.write_text(json.dumps({"id": "D-1", "ts": "2024-01-01T00:00:00Z", "subject": "db", "value": "postgres",
                               "msg": "use postgres"}) + "\n")
    assert first_load(graph, "decisions")
    ingest(graph, "logs", log, fmt="jsonl", store="decisions")
    assert not first_load(graph, "decisions")
    log.write_text(json.dumps({"id": "D-1", "ts": "2024-01-01T00:00:00Z", "subject": "db", "value": "mysql",
                               "msg": "use mysql"}) + "\n")
    summary = ingest(graph, "logs", log, fmt="jsonl", store="decisions")
    assert [finding["kind"] for finding in summary.findings] == ["log_rewrite"]


def test_a_load_into_an_empty_graph_marks_in_its_batches_again_once_another_writer_came_between(
        graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROVGRAPH_BATCH_OBSERVATIONS", "10")
    corpus = bench_corpus.generate(120, seed=11)
    store, kind, path = bench_corpus.write_files(corpus, tmp_path / "corpus")[0]
    options = IngestOptions(store=store, path=str(path))
    reads = []

    def records() -> Iterator[Record]:
        reads.append(1)
        for number, record in enumerate(get_ingester(kind, FORMATS[kind])(path, options)):
            if len(reads) == 2 and number == 25 and isinstance(record, Observation):
                # another writer takes the lock between two batches (the second read is the one written)
                graph.transaction(lambda tx: stored_status.lock(tx), write=True)
            yield record

    loads: list[Load] = []
    original = Load.of
    monkeypatch.setattr(Load, "of", lambda graph, store: loads.append(original(graph, store)) or loads[-1])

    def load(interposed: bool) -> tuple[Counter[str], Counter[str]]:
        reads.clear()
        start = datetime.now(timezone.utc)
        write(graph, records if interposed else (lambda: get_ingester(kind, FORMATS[kind])(path, options)),
              store=store, store_kind=kind, path=str(path))
        return _dump(graph, start, datetime.now(timezone.utc))

    interposed = load(True)
    assert loads[-1].first and not loads[-1].deferring  # marked in its batches from the one after the other writer
    assert graph.read("MATCH (c:Claim) WHERE c.status IS NULL RETURN count(c) AS n")[0]["n"] == 0
    wipe(graph)
    plain = load(False)
    assert loads[-1].first and loads[-1].deferring
    assert _diff(interposed[0], plain[0]) == []
    assert _diff(interposed[1], plain[1]) == []
