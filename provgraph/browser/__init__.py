"""Neo4j Browser on the local server: the URL that opens it connected, and the URL of provgraph's guide
(the guide itself is served by the local server: `provgraph.graph.server.guide`)."""
from __future__ import annotations

from urllib.parse import urlencode

from provgraph.graph.server import GUIDE_PATH, ServerState
from provgraph.graph.server.guide import GUIDE_NAME


def browser_url(state: ServerState, database: str = "neo4j") -> str:
    """Neo4j Browser with the connection filled in (Browser URL parameters `dbms`, `db`,
    `preselectAuthMethod`): no login form on a server without auth, user neo4j filled in with auth."""
    if not state.http_url:
        raise ValueError("the server runs without its HTTP connector")
    host = state.uri.split("://", 1)[1]
    params = {
        "dbms": f"bolt://neo4j@{host}" if state.auth else f"bolt://{host}",
        "db": database,
        "preselectAuthMethod": "NATIVE" if state.auth else "NO_AUTH",
    }
    return f"{state.http_url}/browser/?{urlencode(params)}"


def guide_url(http_port: int) -> str:
    return f"http://127.0.0.1:{http_port}{GUIDE_PATH}/{GUIDE_NAME}"


__all__ = ["browser_url", "guide_url"]
