"""The successor closure kept with a stored status: what verify reads for the default question, and when it does not."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from stored_status_helpers import assert_stored_is_the_computation, kept_closures, write_jsonl

from provgraph.engine.verify import verify
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest


def _chain(graph: Graph, tmp_path: Path, name: str, entries: list[dict]) -> None:
    ingest(graph, "logs", write_jsonl(tmp_path / name, entries), fmt="jsonl", store=name.split(".")[0])


A = {"ts": "2025-01-01T00:00:00Z", "id": "a", "scope": "org", "msg": "first"}
B = {"ts": "2025-02-01T00:00:00Z", "id": "b", "scope": "org", "msg": "second", "supersedes": ["a"]}
C = {"ts": "2025-03-01T00:00:00Z", "id": "c", "scope": "org", "msg": "third", "supersedes": ["b"]}


def test_a_new_head_far_up_a_chain_updates_the_kept_closure_of_the_bottom(graph: Graph, tmp_path: Path) -> None:
    start = datetime.now(timezone.utc)
    _chain(graph, tmp_path, "one.jsonl", [A, B])
    assert kept_closures(graph)["a"]["successors"] == ["b"]
    _chain(graph, tmp_path, "two.jsonl", [C])  # touches b and c only; a's closure reaches c through b
    kept = kept_closures(graph)["a"]
    assert (kept["q"], kept["successors"], kept["heads"], kept["directs"]) == ("org", ["b", "c"], [False, True],
                                                                              [True, False])
    assert assert_stored_is_the_computation(graph, start) > 0
    assert verify(graph, ["a"], candidates=["a"]).missing == ("b", "c")


def test_verify_reads_the_kept_closure_for_the_default_question_and_walks_it_for_another(graph: Graph, tmp_path: Path) -> None:
    _chain(graph, tmp_path, "one.jsonl", [A, B, C])
    # a kept closure changed behind provgraph's back shows that the default question reads it ...
    graph.write("MATCH (c:Claim {uid: 'a'}) SET c.status_closure_successors = ['b'], c.status_closure_directs = [true], "
                "c.status_closure_kinds = ['SUPERSEDES'], c.status_closure_nexts = ['a'], c.status_closure_edge_scopes = [''], "
                "c.status_closure_vias = [''], c.status_closure_heads = [true], c.status_closure_forces = ['IN_FORCE']")
    assert verify(graph, ["a"], candidates=["a"]).missing == ("b",)
    # ... while another question scope, or a time before the row was stored, walks the closure
    assert verify(graph, ["a"], candidates=["a"], scope="org/eu").missing == ("b", "c")
    assert verify(graph, ["a"], candidates=["a"], at="2025-06-01T00:00:00Z").missing == ("b", "c")
