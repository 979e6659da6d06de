"""How a tool runs: on the one connection the server shares (`Link`), answering with the CLI's JSON text plus that JSON
as structuredContent, and every failure (a provgraph error, a bug) as one line with isError, never a traceback."""
from __future__ import annotations

import logging
import threading
from typing import Any, Callable

from mcp.types import CallToolResult, TextContent

from provgraph.base.config import Settings
from provgraph.base.errors import DatabaseUnavailable, ProvgraphError
from provgraph.graph.connection import Graph, connect

_log = logging.getLogger("provgraph.mcp")


def answer(text: str, data: Any) -> CallToolResult:
    """A tool's answer: `text` (the JSON the CLI prints), and `data` as structuredContent (an object, or {"result": data})."""
    structured = data if isinstance(data, dict) else {"result": data}
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured)


def failure(error: BaseException) -> CallToolResult:
    """A failed call as a tool result with isError: the one line the CLI would print, never a traceback."""
    if isinstance(error, ProvgraphError):
        message, kind = str(error), type(error).__name__
    else:  # a bug: one line to the client and the log, no traceback
        message, kind = f"internal error: {type(error).__name__}: {error}", "InternalError"
        _log.error("%s", message)
    return CallToolResult(content=[TextContent(type="text", text=f"provgraph: {message}")],
                          structured_content={"error": message, "kind": kind}, is_error=True)


class Link:
    """The one connection the server shares; opened on first use, reopened after the database went away."""

    def __init__(self, settings: Settings, opener: Callable[[Settings], Graph] = connect) -> None:
        self.settings = settings
        self._opener = opener
        self._graph: Graph | None = None
        self._lock = threading.Lock()

    def graph(self) -> Graph:
        with self._lock:
            if self._graph is None:
                self._graph = self._opener(self.settings)
            return self._graph

    def run(self, work: Callable[[Graph], Any]) -> Any:
        graph = self.graph()
        try:
            return work(graph)
        except DatabaseUnavailable:
            self.drop(graph)
            raise

    def drop(self, graph: Graph) -> None:
        with self._lock:
            if self._graph is graph:
                self._graph = None
        graph.close()

    def close(self) -> None:
        with self._lock:
            graph, self._graph = self._graph, None
        if graph is not None:
            graph.close()


def tool_call(link: Link, work: Callable[[Graph], CallToolResult]) -> CallToolResult:
    """`work` on the shared connection; any failure becomes an isError result."""
    try:
        return link.run(work)
    except Exception as error:  # noqa: BLE001 - every failure becomes an isError result
        return failure(error)


__all__ = ["Link", "answer", "failure", "tool_call"]
