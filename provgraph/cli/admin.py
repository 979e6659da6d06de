"""`provgraph init` and `provgraph reset --yes`."""
from __future__ import annotations

import click

from provgraph.base.errors import UsageError
from provgraph.cli.options import connection_options
from provgraph.engine.kept_suspects import catch_up
from provgraph.graph.connection import Graph
from provgraph.graph.schema import install_schema, wipe


@click.command()
@connection_options
def init(graph: Graph) -> None:
    """Install provgraph's constraints and indexes (safe to re-run)."""
    names = install_schema(graph)
    catch_up(graph)  # the kept suspects of claims written before they were kept, or whose fields were just rewritten
    click.echo(f"schema ready on {graph.settings.safe_uri}: {len(names)} constraints and indexes")


@click.command()
@click.option("--yes", is_flag=True, help="Really delete every provgraph node and relationship")
@connection_options
def reset(yes: bool, graph: Graph) -> None:
    """Wipe all provgraph data (schema stays). Refuses without --yes."""
    if not yes:
        raise UsageError("reset deletes all provgraph data; run again with --yes")
    deleted = wipe(graph)
    click.echo(f"deleted {deleted} nodes from {graph.settings.safe_uri}")


COMMANDS = [init, reset]
