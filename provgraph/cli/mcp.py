"""`provgraph mcp`: serve provgraph's checks to agents over MCP (stdio or streamable HTTP); thin over provgraph.mcp.server."""
from __future__ import annotations

from pathlib import Path

import click

from provgraph.base.config import Settings
from provgraph.cli.options import settings_options
from provgraph.mcp.access import TOKEN_ENV, access_for

DEFAULT_MCP_PORT = 8765  # the same as provgraph.mcp.server.DEFAULT_PORT, which imports the MCP SDK


@click.command("mcp")
@click.option("--http", "http", is_flag=True, help="Serve streamable HTTP instead of stdio")
@click.option("--host", default="127.0.0.1", show_default=True,
              help=f"Address to listen on with --http; beyond loopback a token is required (${TOKEN_ENV} or --token-file)")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_MCP_PORT, show_default=True,
              envvar="PROVGRAPH_MCP_PORT", show_envvar=True, help="Port with --http (0: any free port)")
@click.option("--path", "path", default="/mcp", show_default=True, help="Endpoint path with --http")
@click.option("--token-file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help=f"With --http: a file whose first line is the bearer token clients must send (else ${TOKEN_ENV})")
@click.option("--allow-origin", "origins", multiple=True, metavar="ORIGIN", envvar="PROVGRAPH_MCP_ALLOWED_ORIGINS",
              show_envvar=True, help="With --http: a browser origin allowed to call, such as https://app.example:443 "
                                     "or http://host:* (repeatable; '*' for any); other origins get 403")
@settings_options
def mcp_command(http: bool, host: str, port: int, path: str, token_file: Path | None, origins: tuple[str, ...],
                settings: Settings) -> None:
    """Serve an MCP server: tools verify, verify_batch, status, lineage, conflicts, cited_in, list_queries, query, cypher
    (read-only) and resources provgraph://lineage/{claim}, provgraph://status/{claim}, provgraph://queries.

    \b
    stdio (default): an MCP client starts `provgraph mcp` and talks over stdin/stdout.
    --http: streamable HTTP on http://127.0.0.1:8765/mcp until Ctrl-C / SIGTERM. Beyond loopback (--host 0.0.0.0)
    it needs a token and every request must carry `Authorization: Bearer TOKEN` (else 401); with a token set,
    loopback asks for it too. A browser Origin not allowed gets 403.

    The database is reached on first use: the server starts with Neo4j down, and a tool then answers an error.
    """
    from provgraph.mcp.server import serve

    access = access_for(host, token_file, origins) if http else None
    guard = " (bearer token required)" if access and access.token else ""

    def ready(url: str) -> None:
        click.echo(f"provgraph mcp: serving {url}{guard}", err=True)

    serve(settings, http=http, host=host, port=port, path=path if path.startswith("/") else "/" + path, access=access,
          ready=ready)


COMMANDS = [mcp_command]
