"""`provgraph check`: the stored (write-time) statuses against the full computation, thin over provgraph.engine.stored_status."""
from __future__ import annotations

import json

import click

from provgraph.base.errors import CheckFailed
from provgraph.cli.options import at_option, connection_options, output_format
from provgraph.engine.kept_suspects import compare as compare_suspects
from provgraph.engine.status import parse_at
from provgraph.engine.stored_status import check as check_stored
from provgraph.graph.connection import Graph


@click.command()
@at_option
@click.option("--fix", is_flag=True, help="Recompute and store the status of every drifted, expired or missing claim")
@click.option("--suspects/--no-suspects", "with_suspects", default=True, show_default=True,
              help="Also compare the kept suspects with a fresh computation (information, never drift)")
@output_format("text", "json")
@connection_options
def check(at: str | None, fix: bool, with_suspects: bool, fmt: str, graph: Graph) -> None:
    """Compare every claim's stored status with the full computation; exit 1 on any drift.

    With --suspects (the default) it also lists the kept suspects a fresh computation would no longer list, and
    those it would list that are not kept: information (`provgraph suspects --refresh` updates them), not drift."""
    result = check_stored(graph, at=parse_at(at), fix=fix)
    compared = compare_suspects(graph) if with_suspects else None
    if fmt == "json":
        click.echo(json.dumps({**result.to_dict(), **({"suspects": compared} if compared else {})}, sort_keys=True))
    else:
        click.echo(f"{result.claims} claims: {result.fresh} stored and fresh, {result.expired} expired, "
                   f"{result.missing} without a stored status, {len(result.drift)} drifted"
                   + (f"; {result.fixed} recomputed" if fix else ""))
        for item in result.drift:
            fields = ", ".join(f"{key} stored {value['stored']!r} computed {value['computed']!r}"
                               for key, value in sorted(item["differences"].items()))
            click.echo(f"drift {item['claim']}: {fields}")
        if compared:
            click.echo(f"suspects: {compared['kept']} kept, {compared['fresh']} found by a fresh computation; "
                       f"{len(compared['no_longer_listed'])} kept no longer listed, {len(compared['not_kept'])} not kept"
                       " (information: provgraph suspects --refresh updates them)")
            for key in compared["no_longer_listed"]:
                click.echo(f"suspect no longer listed: {key}")
            for key in compared["not_kept"]:
                click.echo(f"suspect not kept: {key}")
    if result.drift:
        raise CheckFailed(f"{len(result.drift)} claim(s) with a stored status that differs from the computation"
                      + ("" if fix else " (provgraph check --fix recomputes them)"))


COMMANDS = [check]
