"""One `verify` is one read transaction: its short hashes completed, the check (with the `status` and `rivals` reads
for what stored statuses cannot answer) and its advisory suspects all run in it (issue 42). Counted at the Graph
boundary, on the real server: every way to the database goes through one of these methods."""
from __future__ import annotations

from typing import Any

import pytest
from graphs import GraphBuilder

from provgraph.api import Provgraph
from provgraph.engine.verify import verify
from provgraph.graph.connection import Graph

DOORS = ("read", "write", "stream", "run", "transaction")


@pytest.fixture
def doors(graph: Graph, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The Graph methods called, in order, from the moment the fixture is asked for."""
    called: list[str] = []
    for name in DOORS:
        real = getattr(graph, name)

        def spy(*args: Any, _name: str = name, _real: Any = real, **kwargs: Any) -> Any:
            called.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(graph, name, spy)
    return called


@pytest.fixture
def revised(g: GraphBuilder, graph: Graph) -> str:
    """Claim a revised once, a rival b on its subject, a premise p: the old snapshot hash of a."""
    g.claim("p", subject="base", value="1", at="2025-01-01")
    g.claim("a", subject="x", value="1", at="2025-01-01", scope="org")
    g.depends_on("a", "p")
    g.revise("a", at="2025-02-01", value="2")
    g.claim("b", subject="x", value="3", at="2025-01-15", scope="org")
    rows = graph.read("MATCH (:Claim {uid: 'a'})-[:CITED_AT]->(s:Snapshot) RETURN s.sha256 AS sha ORDER BY s.revised_at")
    return str(rows[0]["sha"])


@pytest.mark.parametrize("scope", [None, "org/team"])  # another question scope: stored statuses do not answer it
def test_one_verify_with_a_short_hash_and_suspects_uses_one_transaction(revised: str, graph: Graph, scope: str | None,
                                                                        doors: list[str]) -> None:
    verdict = verify(graph, [f"a@{revised[:12]}", "p"], ["a", "p"], scope=scope)
    assert verdict.evidence[0].given.snapshot == revised  # the prefix was completed in it
    assert doors == ["transaction"]


def test_the_api_verify_uses_one_transaction(revised: str, graph: Graph, doors: list[str]) -> None:
    pg = Provgraph(graph)
    pg.verify(f"a@{revised[:12]}", ["a", "b"], subject="x")
    assert doors == ["transaction"]
