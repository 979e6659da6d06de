"""`provgraph site`: thin over Provgraph.site."""
from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import click

from provgraph.api import Provgraph
from provgraph.cli.options import MOMENT, connection_options


@click.command("site")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("provgraph-site"),
              show_default=True, help="Folder of the site (created if missing; files it did not write are left alone)")
@click.option("--title", default="Decisions", show_default=True, help="The site's name, on every page")
@click.option("--scope", default=None, help="Judge every decision for this question scope [default: each its own]")
@click.option("--at", type=MOMENT, default=None, metavar="T", help="The site as of a past instant [default: now]")
@click.option("--output", "output", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: what was built, as one JSON object")
@connection_options()
def site_command(out: Path, title: str, scope: str | None, at: datetime | None, output: str, pg: Provgraph) -> None:
    """Write a static website of every decision (open OUT/index.html, or publish OUT as it is).

    A page per decision at d/<id>.html: status and why in words, since when and by which record, its lineage as a
    picture, its history, what revises it, the files that cite it, and the command to run where a person must decide.
    Home, a filterable list, offline search and Atom feeds of status changes (feed.atom, feeds/<store>.atom). A second
    run writes only what changed; a failed run leaves the previous site whole."""
    progress = (lambda line: click.echo(f"  {line}", err=True)) if output == "text" else None
    result = pg.site(out, title=title, scope=scope, at=at, progress=progress)
    if output == "json":
        click.echo(json.dumps(result.to_dict(), indent=2))
    else:
        click.echo(result.summary())
        click.echo(f"open {out / 'index.html'}")


COMMANDS = [site_command]
