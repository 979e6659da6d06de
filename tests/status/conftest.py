"""Fixtures for the status tests: `g` is a GraphBuilder over the empty test graph."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/graphs.py

from graphs import GraphBuilder  # noqa: E402

from provgraph.graph.connection import Graph  # noqa: E402


@pytest.fixture
def g(graph: Graph) -> GraphBuilder:
    return GraphBuilder(graph)

