"""Helpers for the status tests (a module name of its own: every test folder has a conftest)."""
from __future__ import annotations

from provgraph.engine.status import status
from provgraph.graph.connection import Graph


def judge(graph: Graph, uid: str, **kwargs) -> tuple[str, str]:
    """(status, reason) of one claim."""
    [row] = status(graph, [uid], **kwargs)
    return row.status, row.reason


def revision_cycle_with_a_tail(g) -> None:
    """a -> b -> c -> a revise each other (a cycle), and d, off the cycle, supersedes a."""
    for uid in "abcd":
        g.claim(uid, at="2025-01-01")
    g.supersedes("a", "b", at="2025-01-02")
    g.supersedes("b", "c", at="2025-01-02")
    g.corrects("c", "a", at="2025-01-02")
    g.supersedes("d", "a", at="2025-01-02")  # off the cycle, still revises a
