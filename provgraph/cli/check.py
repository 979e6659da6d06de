"""`provgraph check`: the stored (write-time) statuses against the full computation, thin over Provgraph.check."""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import click

from provgraph.base.errors import CheckFailed
from provgraph.cli.options import at_option, connection_options, output_format

if TYPE_CHECKING:
    from provgraph.api import Provgraph


@click.command("check")
@at_option
@click.option("--fix", is_flag=True, help="Recompute and store the status of every drifted, expired or missing claim")
@click.option("--no-suspects", "skip_suspects", is_flag=True,
              help="Do not compare the kept suspect pairs with a fresh computation (one full-text lookup per claim)")
@output_format("text", "json")
@connection_options
def check_command(at: datetime | None, fix: bool, skip_suspects: bool, fmt: str, pg: Provgraph) -> None:
    """Compare every claim's stored status with the full computation; exit 1 on any drift."""
    result = pg.check(at=at, fix=fix, suspects=not skip_suspects)
    if fmt == "json":
        click.echo(result.to_json())
    else:
        click.echo(f"{result.claims} claims: {result.fresh} stored and fresh, {result.expired} expired, "
                   f"{result.missing} without a stored status, {len(result.drift)} drifted"
                   + (f"; {result.fixed} recomputed" if fix else ""))
        for item in result.drift:
            fields = ", ".join(f"{key} stored {value['stored']!r} computed {value['computed']!r}"
                               for key, value in sorted(item["differences"].items()))
            click.echo(f"drift {item['claim']}: {fields}")
        for subject, differences in sorted(result.rosters_drifted.items()):
            click.echo(f"drift rival roster of {subject}: {', '.join(sorted(differences))} differ from the computation")
        if result.suspects_owed:
            click.echo(f"suspects: the write-time pass owes {result.suspects_owed} claim(s) a step, so suspects are "
                       "computed live until the next ingest or provgraph suspects --refresh")
        if result.suspects_not_found_now is None:
            click.echo("suspects: kept pairs not compared with a fresh computation (--no-suspects)")
        elif result.suspects_not_found_now:
            click.echo(f"suspects: {len(result.suspects_not_found_now)} kept pair(s) a fresh computation no longer "
                       "lists (information: kept as found when written; provgraph suspects --refresh recomputes them)")
            for key in result.suspects_not_found_now[:20]:
                click.echo(f"  kept, not found now: {key}")
    if not result.ok:
        raise CheckFailed(f"{len(result.drift)} claim(s) and {len(result.rosters_drifted)} rival roster(s) stored "
                          "differently from the computation" + ("" if fix else " (provgraph check --fix recomputes them)"))


COMMANDS = [check_command]
