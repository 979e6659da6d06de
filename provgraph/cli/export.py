"""`provgraph export --format prov-json|prov-n|prov-o [--out FILE]`: thin over Provgraph.export."""
from __future__ import annotations

from datetime import datetime
from pathlib import Path

import click

from provgraph.api import Provgraph
from provgraph.cli.options import at_option, connection_options
from provgraph.engine import prov


@click.command("export")
@click.option("--format", "fmt", type=click.Choice(prov.FORMATS), required=True,
              help="prov-json (W3C PROV-JSON), prov-n (PROV-N text), prov-o (PROV-O as RDF Turtle)")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write to FILE instead of stdout")
@click.option("--namespace", default=prov.DEFAULT_NAMESPACE, show_default=True,
              help="URI of the `provgraph:` namespace the identifiers live in")
@click.option("--store", default=None, metavar="NAME", help="Only the claims of this store (and what cites them)")
@click.option("--scope", default=None, help="Only the claims inside this scope or covering it")
@at_option
@connection_options
def export_command(fmt: str, out: Path | None, namespace: str, store: str | None, scope: str | None, at: datetime | None,
                   pg: Provgraph) -> None:
    """Export the graph as a W3C PROV document (sources, snapshots with their authors, claims with their status at
    --at, revisions, adjudications with who decided)."""
    text = pg.export(fmt, out=out, namespace=namespace, at=at, store=store, scope=scope)
    if out is None:
        click.echo(text, nl=False)
    else:
        click.echo(f"wrote {fmt} to {out}", err=True)


COMMANDS = [export_command]
