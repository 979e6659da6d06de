"""`provgraph suspects`: thin over Provgraph.suspects."""
from __future__ import annotations

import click

from provgraph.cli.options import connection_options, output_format
from provgraph.api import Provgraph
from provgraph.engine.status import require_store
from provgraph.engine.suspects import PER_CLAIM

_COLUMNS = ["earlier", "later", "score", "rank", "terms", "earlier_scope", "later_scope", "earlier_subject",
            "later_subject", "earlier_at", "later_at", "earlier_title", "later_title", "named"]


@click.command("suspects")
@click.option("--scope", default=None, help="Only pairs whose scopes overlap this scope")
@click.option("--since", default=None, help="Only pairs whose later claim is this recent: ISO 8601 or epoch ms")
@click.option("--store", default=None, metavar="NAME", help="Only pairs with a claim from this store")
@click.option("--min-score", type=click.FloatRange(0.0, 1.0), default=None,
              help="An absolute threshold instead of rank and margin: every pair at least this alike (0..1)")
@click.option("--per-claim", type=click.IntRange(1, 20), default=PER_CLAIM, show_default=True,
              help="At most this many suspects per earlier claim")
@click.option("--refresh", is_flag=True,
              help="Look every claim up again first (suspects are kept as found when written; this recomputes them "
                   "against the store as it is now)")
@output_format("table", "json", "csv")
@connection_options
def suspects_command(scope: str | None, since: str | None, store: str | None, min_score: float | None, per_claim: int,
                     refresh: bool, fmt: str, pg: Provgraph) -> None:
    """Possible unlinked revisions: later claims that say the same thing as an earlier one, nothing linking them.

    Ranked by similarity (Lucene full-text, in the database) with the terms both say, read from the pairs each
    ingest keeps for what it wrote (as found then; --refresh looks everything up again). Confirm one with
    `provgraph adjudicate --keep LATER --retire EARLIER`, dismiss it with
    `provgraph adjudicate --distinct EARLIER LATER --why TEXT`; a dismissed pair is never suggested again.
    """
    if store is not None:
        require_store(pg.graph, store)
    found = pg.suspects(since=since, scope=scope, store=store, min_score=min_score, per_claim=per_claim,
                        refresh=refresh)
    if fmt == "json":
        click.echo(found.to_json())
        return
    if fmt == "csv":
        from provgraph.cli.status import _csv

        click.echo(_csv([s.to_dict() for s in found], _COLUMNS), nl=False)
        return
    if not found:
        click.echo("no suspected unlinked revisions")
        return
    for s in found:
        click.echo(f"{s.score:.2f}  {s.earlier} -> {s.later}  scope={s.later_scope or '(global)'}  "
                   f"terms: {', '.join(s.terms)}" + (f"  names it: {s.named}" if s.named else ""))
        click.echo(f"      {s.earlier_title or '-'}  ->  {s.later_title or '-'}")
        click.echo(f"      confirm: {s.confirm_command()}")
        click.echo(f"      dismiss: {s.dismiss_command()}")


COMMANDS = [suspects_command]
