"""`provgraph mcp`: serve provgraph's checks to agents over MCP (stdio or streamable HTTP); thin over provgraph.mcp.server."""
from __future__ import annotations

import ipaddress

import click

from provgraph.base.config import Settings
from provgraph.cli.options import settings_options

DEFAULT_MCP_PORT = 8765  # the same as provgraph.mcp.server.DEFAULT_PORT, which imports the MCP SDK


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command("mcp")
@click.option("--http", "http", is_flag=True, help="Serve streamable HTTP instead of stdio")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on with --http (loopback unless you say otherwise; there is no authentication)")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_MCP_PORT, show_default=True,
              envvar="PROVGRAPH_MCP_PORT", show_envvar=True, help="Port with --http (0: any free port)")
@click.option("--path", "path", default="/mcp", show_default=True, help="Endpoint path with --http")
@settings_options
def mcp_command(http: bool, host: str, port: int, path: str, settings: Settings) -> None:
    """Serve an MCP server: tools verify, verify_batch, status, lineage, conflicts, list_queries, query, cypher
    (read-only) and resources provgraph://lineage/{claim}, provgraph://status/{claim}, provgraph://queries.

    \b
    stdio (default): an MCP client starts `provgraph mcp` and talks over stdin/stdout.
    --http: streamable HTTP on http://127.0.0.1:8765/mcp until Ctrl-C / SIGTERM.

    The database is reached on first use: the server starts with Neo4j down, and a tool then answers an error.
    """
    from provgraph.mcp.server import serve

    if http and not _is_loopback(host):
        click.echo(f"provgraph mcp: listening on {host}, beyond loopback, with no authentication", err=True)

    def ready(url: str) -> None:
        click.echo(f"provgraph mcp: serving {url}", err=True)

    serve(settings, http=http, host=host, port=port, path=path if path.startswith("/") else "/" + path, ready=ready)


COMMANDS = [mcp_command]
