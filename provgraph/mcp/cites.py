"""The MCP tool `cited_in`: what a file of the repository cites and whether each still governs, so an agent that
reads a repository knows which comments and links to distrust. Read-only: it lists what `provgraph scan` kept."""
from __future__ import annotations

import json
from typing import Annotated, Callable

from mcp.types import CallToolResult
from pydantic import Field

from provgraph.api import Provgraph
from provgraph.graph.connection import Graph
from provgraph.mcp.link import Link, answer, tool_call


def cited_in_tool(link: Link) -> Callable[..., CallToolResult]:
    """The tool function, run on the server's shared connection."""

    def cited_in(file: Annotated[str, Field(description="A scanned file: its path as given to `provgraph scan`, "
                                                         "relative to the scan's root or absolute")],
                 scope: Annotated[str | None, Field(description="Question scope (default: each claim's own)")] = None,
                 at: Annotated[str | None, Field(description="As-of time: ISO 8601, YYYYMMDD, epoch ms, or now")] = None,
                 store: Annotated[str, Field(description="The scan store")] = "scan") -> CallToolResult:
        """What a file cites (decision ids, links to records, declared patterns such as `PEP 345`) and whether each
        cited decision still governs: file, line, the text, the claim, its status and reason, `governs`, and what
        to cite instead. Distrust a comment whose citation does not govern. structuredContent is {"citations": [...]}.
        The file must have been scanned (`provgraph scan`); an id no ingested record has is listed as UNRESOLVED."""

        def work(graph: Graph) -> CallToolResult:
            found = [f.to_dict() for f in Provgraph(graph).citations_in(file, store=store, scope=scope, at=at)]
            return answer(json.dumps(found, indent=2, sort_keys=True), {"citations": found})

        return tool_call(link, work)

    return cited_in


__all__ = ["cited_in_tool"]
