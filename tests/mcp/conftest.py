"""Fixtures for the MCP tests: a small graph with a stale citation, and the real MCP client over both transports."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/graphs.py

from graphs import GraphBuilder  # noqa: E402

from provgraph.graph.connection import Graph  # noqa: E402


@pytest.fixture
def pricing(graph: Graph) -> GraphBuilder:
    """PRICE-6 (10%) was superseded by PRICE-7 (15%); PRICE-7 rests on a premise; two rivals argue about refunds."""
    g = GraphBuilder(graph)
    g.discount_raised()
    g.claim("acme/pay#4", subject="refund.window", value="30d", scope="org/acme", at="2025-02-01")
    g.claim("PAY-9", subject="refund.window", value="14d", scope="org/acme", at="2025-02-02")
    return g
