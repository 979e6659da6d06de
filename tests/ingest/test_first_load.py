"""A first load (a store the graph holds no source of) skips the graph questions that cannot find anything, and
writes the same graph as the ordinary path: node for node, property for property, stored status included."""
from __future__ import annotations

import json
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from bench import corpus as bench_corpus
from bench.run import FORMATS
from provgraph.graph.connection import Graph
from provgraph.graph.schema import wipe
from provgraph.ingest import pipeline
from provgraph.ingest.pipeline import ingest
from provgraph.ingest.pipeline.batch import first_load

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


def _load(graph: Graph, files: list[tuple[str, str, Path]]) -> tuple[list[bool], tuple[Counter[str], Counter[str]]]:
    start = datetime.now(timezone.utc)
    firsts = []
    for store, kind, path in files:
        firsts.append(first_load(graph, store))
        ingest(graph, kind, path, fmt=FORMATS[kind], store=store)
    return firsts, _dump(graph, start, datetime.now(timezone.utc))


def _diff(left: Counter[str], right: Counter[str]) -> list[str]:
    return sorted((left - right).keys())[:5] + sorted((right - left).keys())[:5]


@pytest.mark.parametrize("batch", ["7", "2000"])
def test_a_first_load_writes_the_graph_the_ordinary_path_writes(graph: Graph, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch, batch: str) -> None:
    monkeypatch.setenv("PROVGRAPH_BATCH_OBSERVATIONS", batch)
    corpus = bench_corpus.generate(240, seed=5)
    files = bench_corpus.write_files(corpus, tmp_path / "corpus")
    firsts, first = _load(graph, files)
    assert firsts == [True] * len(files)
    assert graph.read("MATCH (c:Claim) WHERE c.status IS NOT NULL RETURN count(c) AS n")[0]["n"] >= 240

    wipe(graph)
    with monkeypatch.context() as patched:  # the ordinary path: every question asked of the graph
        patched.setattr(pipeline, "first_load", lambda graph, store: False)
        _, ordinary = _load(graph, files)
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
