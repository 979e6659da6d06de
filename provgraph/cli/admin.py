"""`provgraph init` and `provgraph reset --yes`."""
from __future__ import annotations

from typing import TYPE_CHECKING

import click

from provgraph.base.errors import UsageError
from provgraph.cli.options import connection_options

if TYPE_CHECKING:
    from provgraph.api import Provgraph


@click.command("init")
@connection_options(schema=False)  # init installs the schema
def init_command(pg: Provgraph) -> None:
    """Install provgraph's constraints and indexes (safe to re-run)."""
    names = pg.init()
    click.echo(f"schema ready on {pg.settings.safe_uri}: {len(names)} constraints and indexes")


@click.command("reset")
@click.option("--yes", is_flag=True, help="Really delete every provgraph node and relationship")
@connection_options(schema=False)  # nothing to reset is not an error
def reset_command(yes: bool, pg: Provgraph) -> None:
    """Wipe all provgraph data (schema stays). Refuses without --yes."""
    if not yes:
        raise UsageError("reset deletes all provgraph data; run again with --yes")
    deleted = pg.reset()
    click.echo(f"deleted {deleted} nodes from {pg.settings.safe_uri}")


COMMANDS = [init_command, reset_command]
