"""`provgraph adjudicate`: thin over the Python API (Provgraph.adjudicate, .distinguish, .link, .revoke)."""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import click

from provgraph.base.errors import UsageError
from provgraph.cli.options import MOMENT, connection_options
from provgraph.views.display import distinct_line, revoked_line

if TYPE_CHECKING:
    from provgraph.api import Provgraph


@click.command("adjudicate")
@click.option("--keep", default=None, metavar="ID", help="The claim that governs")
@click.option("--retire", multiple=True, metavar="ID", help="The claim it governs over (repeatable)")
@click.option("--scope", default=None, help="Where the decision applies [default: the kept claim's scope]")
@click.option("--why", default="", help="Why (kept with the decision)")
@click.option("--by", "by", default=None, help="Who decided [default: $USER]")
@click.option("--at", "at", type=MOMENT, default=None, help="When: ISO 8601, YYYYMMDD, epoch ms or now [default: now]; with --revoke, from when")
@click.option("--distinct", nargs=2, default=None, metavar="A B",
              help="Record that claims A and B are not the same matter: `provgraph suspects` never suggests the pair again")
@click.option("--relates", nargs=2, default=None, metavar="A B",
              help="Record that claim A relates to claim B (a suspect that is related, not a revision)")
@click.option("--depends-on", "depends_on", nargs=2, default=None, metavar="A B",
              help="Record that claim A rests on claim B: B becomes A's premise")
@click.option("--revoke", default=None, metavar="ADJ", help="Revoke adjudication ADJ from --at (default now) on")
@connection_options(schema=False)  # a write: adjudicating installs the schema
def adjudicate_command(keep: str | None, retire: tuple[str, ...], scope: str | None, why: str, by: str | None,
                       at: datetime | None, distinct: tuple[str, str] | None, relates: tuple[str, str] | None,
                       depends_on: tuple[str, str] | None, revoke: str | None, pg: Provgraph) -> None:
    """Record which of two claims governs (--keep/--retire), that two suspects are distinct (--distinct A B),
    that one relates to or depends on the other (--relates A B, --depends-on A B), or revoke such a decision
    (--revoke ADJ).

    --keep LATER --retire EARLIER confirms a suspect from `provgraph suspects` as a supersession; --relates and
    --depends-on confirm it as a link. Prints the adjudication uid.
    """
    chosen = [name for name, given in (("--keep/--retire", keep or retire), ("--distinct", distinct),
                                       ("--relates", relates), ("--depends-on", depends_on), ("--revoke", revoke))
              if given]
    if len(chosen) > 1:
        raise UsageError(f"choose one of {', '.join(chosen)}")
    if revoke is not None:
        if scope is not None or by is not None or why:
            raise UsageError("--revoke takes only --at")
        click.echo(revoked_line(dict(pg.revoke(revoke, at=at).detail)))
        return
    for kind, pair in (("relates", relates), ("depends_on", depends_on)):
        if pair:
            click.echo(pg.link(pair[0], pair[1], kind, scope=scope, why=why, by=by, at=at).adjudication)
            return
    if distinct:
        if scope is not None:
            raise UsageError("--distinct A B takes no --scope")
        marked = pg.distinguish(distinct[0], distinct[1], why=why, by=by, at=at)
        click.echo(marked.adjudication)
        if marked.detail["existing"]:
            click.echo(f"provgraph: already recorded: {distinct_line(dict(marked.detail))}", err=True)
        return
    if not keep or not retire:
        raise UsageError("adjudicate needs --keep ID and --retire ID (or --distinct A B, --relates A B, "
                         "--depends-on A B, or --revoke ADJ)")
    click.echo(pg.adjudicate(keep, list(retire), scope=scope, why=why, by=by, at=at).adjudication)


COMMANDS = [adjudicate_command]
