"""`provgraph formats propose PATH` and `provgraph formats list`: thin over provgraph.propose_format and the presets."""
from __future__ import annotations

import json
from pathlib import Path

import click


@click.group("formats")
def formats_command() -> None:
    """Record formats: propose a declaration for a folder of records, or list the presets provgraph ships."""


@formats_command.command("propose")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--name", default=None, help="The store's name [default: the folder's]")
@click.option("--series", default=None, metavar="GLOB",
              help="When the folder holds several series numbered each on its own (A1.., L1..), the records glob of "
                   "the one to propose alone, as a check: line names it [default: the series side by side in one "
                   "folder, all in one store; else the one with most records]")
@click.option("--format", "fmt", type=click.Choice(["toml", "json"]), default="toml", show_default=True,
              help="toml: a [[store]] table for provgraph.toml, counts and doubts as # comments; json: the same as data")
def propose_command(path: Path, name: str | None, series: str | None, fmt: str) -> None:
    """Look at the files under PATH and propose a declaration that reads them: which names are records, where the
    status stands, which fields carry the id, title, date and links, and what each status word means.

    Nothing is applied: stdout holds only the [[store]] table (append it to provgraph.toml, or read it and paste).
    Words provgraph is unsure of are marked `check:`; words it does not know are left as comments.
    """
    from provgraph.ingest.formats.proposal import propose_format

    proposal = propose_format(path, name=name, series=series)
    click.echo(proposal.to_json() if fmt == "json" else proposal.to_toml(), nl=fmt == "json")


@formats_command.command("list")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True,
              help="Output format")
def list_command(fmt: str) -> None:
    """The presets provgraph ships (--preset NAME, or preset = "NAME" in [store.record])."""
    from provgraph.ingest.formats import presets

    shipped = presets()
    if fmt == "json":
        click.echo(json.dumps({name: preset.as_setting() for name, preset in sorted(shipped.items())}, indent=2, sort_keys=True))
        return
    width = max(len(name) for name in shipped)
    for name, preset in sorted(shipped.items()):
        click.echo(f"{name:<{width}}  {preset.describe().split(' ', 1)[1].strip('()')}")


COMMANDS = [formats_command]
