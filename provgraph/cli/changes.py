"""`provgraph changes`: thin over Provgraph.changes."""
from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import TYPE_CHECKING

import click

from provgraph.base.times import to_iso
from provgraph.cli.options import MOMENT, connection_options, output_format, question_scope_option

if TYPE_CHECKING:
    from provgraph.api import Provgraph


@click.command("changes")
@click.option("--from", "start", type=MOMENT, required=True, metavar="T", help="The earlier instant: ISO 8601, YYYYMMDD or epoch ms")
@click.option("--to", "end", type=MOMENT, default=None, metavar="T", help="The later instant [default: now]")
@question_scope_option
@click.option("--store", default=None, metavar="NAME", help="Only claims from this store")
@output_format("table", "json", "csv", "md")
@connection_options
def changes_command(start: datetime | None, end: datetime | None, scope: str | None, store: str | None, fmt: str, pg: Provgraph) -> None:
    """Every claim whose status differs between two instants: before, after, when it changed, and the record,
    commit and author that changed it (the account of its status at --to)."""
    from provgraph.views.changes import render_csv, render_markdown, render_table

    begin, finish = start or datetime.now(timezone.utc), end or datetime.now(timezone.utc)
    found = pg.changes(begin, finish, scope=scope, store=store)
    if fmt == "json":
        click.echo(json.dumps({"from": to_iso(begin), "to": to_iso(finish),
                               "changes": [change.to_dict() for change in found]}, indent=2))
    elif fmt == "csv":
        click.echo(render_csv(found), nl=False)
    elif fmt == "md":
        click.echo(render_markdown(found, to_iso(begin) or "", to_iso(finish) or ""), nl=False)
    else:
        click.echo(render_table(found))


COMMANDS = [changes_command]
