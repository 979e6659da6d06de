"""`provgraph suspects`: thin over provgraph.engine.suspects."""
from __future__ import annotations

import json

import click

from provgraph.cli.options import connection_options, output_format
from provgraph.engine.kept_suspects import refresh_all
from provgraph.engine.suspects import MIN_SCORE, PER_CLAIM
from provgraph.engine.suspects import suspects as find_suspects
from provgraph.graph.connection import Graph

_COLUMNS = ["earlier", "later", "score", "rank", "terms", "earlier_scope", "later_scope", "earlier_subject",
            "later_subject", "earlier_at", "later_at", "earlier_title", "later_title"]


@click.command()
@click.option("--scope", default=None, help="Only pairs whose scopes overlap this scope")
@click.option("--since", default=None, help="Only pairs whose later claim is this recent: ISO 8601 or epoch ms")
@click.option("--store", default=None, metavar="NAME", help="Only pairs with a claim from this store")
@click.option("--min-score", type=click.FloatRange(0.0, 1.0), default=MIN_SCORE, show_default=True,
              help="Least similarity (0..1) a pair needs")
@click.option("--per-claim", type=click.IntRange(1, 20), default=PER_CLAIM, show_default=True,
              help="At most this many suspects per earlier claim")
@click.option("--refresh", is_flag=True,
              help="Run every full-text lookup again against the store as it is now and keep the pairs found first "
                   "(the list is otherwise what each write found when it was written)")
@output_format("table", "json", "csv")
@connection_options
def suspects(scope: str | None, since: str | None, store: str | None, min_score: float, per_claim: int, refresh: bool,
             fmt: str, graph: Graph) -> None:
    """Possible unlinked revisions: later claims that say the same thing as an earlier one, nothing linking them.

    Ranked by similarity (Lucene full-text, in the database) with the terms both say. Confirm one with
    `provgraph adjudicate --keep LATER --retire EARLIER`, dismiss it with
    `provgraph adjudicate --distinct EARLIER LATER --why TEXT`; a dismissed pair is never suggested again.
    The pairs are found when claims are written and kept in the graph (as found when written: Lucene's scores
    depend on the store at that time); --refresh finds them all again now.
    """
    if refresh:
        refresh_all(graph)
    found = find_suspects(graph, since=since, scope=scope, store=store, min_score=min_score, per_claim=per_claim)
    records = [s.to_dict() for s in found]
    if fmt == "json":
        click.echo(json.dumps(records, indent=2, sort_keys=True))
        return
    if fmt == "csv":
        from provgraph.cli.status import _csv

        click.echo(_csv(records, _COLUMNS), nl=False)
        return
    if not found:
        click.echo("no suspected unlinked revisions")
        return
    for s in found:
        click.echo(f"{s.score:.2f}  {s.earlier} -> {s.later}  scope={s.later_scope or '(global)'}  "
                   f"terms: {', '.join(s.terms)}")
        click.echo(f"      {s.earlier_title or '-'}  ->  {s.later_title or '-'}")
        click.echo(f"      confirm: {s.confirm_command()}")
        click.echo(f"      dismiss: {s.dismiss_command()}")


COMMANDS = [suspects]
