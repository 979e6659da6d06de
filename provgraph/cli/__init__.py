"""The `provgraph` command line: thin click commands over the Python API."""
from __future__ import annotations

from typing import Any

import click

from provgraph.errors import ProvgraphError, exit_code_for


class ProvgraphGroup(click.Group):
    """The one place where errors become a line on stderr and an exit code."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ProvgraphError as error:
            click.echo(f"provgraph: {error}", err=True)
            ctx.exit(exit_code_for(error))
        except KeyboardInterrupt:
            click.echo("provgraph: interrupted", err=True)
            ctx.exit(130)


@click.group(cls=ProvgraphGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="provgraph")
def cli() -> None:
    """provgraph: does the source an answer cites still govern?

    Ingest decision records, tickets, logs and board cards into Neo4j, then ask
    each claim's status (ACTIVE, STALE, CONFLICT, UNKNOWN) with its lineage.
    """


def _register() -> None:
    from provgraph.cli import admin, browse, cypher, export, ingest, mcp, report, server, status, verify

    for module in (server, browse, admin, ingest, status, verify, report, cypher, export, mcp):
        for command in module.COMMANDS:
            cli.add_command(command)


_register()


def main() -> None:
    cli(prog_name="provgraph")
