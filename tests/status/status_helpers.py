"""Helpers for the status tests (a module name of its own: every test folder has a conftest)."""
from __future__ import annotations

from provgraph.graph.connection import Graph
from provgraph.status import status


def judge(graph: Graph, uid: str, **kwargs) -> tuple[str, str]:
    """(status, reason) of one claim."""
    [row] = status(graph, [uid], **kwargs)
    return row.status, row.reason
