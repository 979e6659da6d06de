"""The MCP tool `cited_in`, through the official MCP client: what a scanned file cites and whether each governs."""
from __future__ import annotations

import io
import tempfile
from pathlib import Path

import anyio
from mcp_helpers import stdio_session

from provgraph.api import Provgraph
from provgraph.base.config import Settings
from provgraph.graph.connection import Graph


def test_cited_in_lists_what_a_file_cites_and_whether_each_still_governs(pricing, graph: Graph, neo4j_settings: Settings,
                                                                        tmp_path: Path) -> None:
    source = tmp_path / "pricing.py"
    source.write_text("DISCOUNT = 0.10  # per PRICE-6\nREFUND = 14  # PAY-9, see also PRICE-7\n", encoding="utf-8")
    Provgraph(graph).scan([tmp_path], root=tmp_path)

    async def session() -> tuple[dict, bool]:
        with tempfile.TemporaryFile("w+", encoding="utf-8") as log:
            async with stdio_session(neo4j_settings.uri, log) as client:
                result = await client.call_tool("cited_in", {"file": str(source)})
                missing = await client.call_tool("cited_in", {"file": str(tmp_path / "never-scanned.py")})
        assert isinstance(log, io.TextIOBase)
        return result.structured_content or {}, bool(missing.is_error)

    found, missing_is_error = anyio.run(session)
    rows = [(c["line"], c["claim"], c["status"], c["governs"], c["cite_instead"]) for c in found["citations"]]
    assert rows == [(1, "PRICE-6", "STALE", False, "PRICE-7"), (2, "PAY-9", "CONFLICT", False, None),
                    (2, "PRICE-7", "ACTIVE", True, None)]
    assert missing_is_error
