"""`provgraph status`, `provgraph lineage`, `provgraph conflicts`: thin over provgraph.engine.status / provgraph.engine.lineage."""
from __future__ import annotations

from typing import Any, Iterable

import click

from provgraph.base.escape import csv_text
from provgraph.base.text import short_hash
from provgraph.cli.options import at_option, connection_options, output_format, question_scope_option
from provgraph.engine.conflicts import conflicts as find_conflicts
from provgraph.engine.conflicts import to_json as conflicts_json
from provgraph.engine.lineage import lineage as build_lineage
from provgraph.engine.status import ClaimStatus, iter_status, json_array, parse_at
from provgraph.engine.status import status as claim_status
from provgraph.graph.connection import Graph
from provgraph.views.display import status_line
from provgraph.views.lineage import RENDERERS
from provgraph.views.lineage import render as render_lineage


def _table(rows: Iterable[ClaimStatus]) -> None:
    # styled always; click strips the colours when stdout is not a terminal
    for row in rows:
        cited = f"{row.location or '-'}@{short_hash(row.snapshot) or '-'}"
        why = row.why()
        click.echo(f"{status_line(row)}  {cited}  {row.claim + ' ' + why if why else ''}".rstrip())


def _csv(records: Iterable[dict[str, Any]], columns: list[str]) -> str:
    """Lists as `a;b` (a null inside one as an empty part); cells spreadsheet-safe (provgraph.base.escape)."""
    def cell(value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            return ";".join("" if part is None else str(part) for part in value)
        return value

    return csv_text(columns, ([cell(record.get(column)) for column in columns] for record in records))


_STATUS_COLUMNS = ["claim", "status", "reason", "scope", "subject", "value", "source", "path", "aliases", "snapshot", "lines",
                   "successors", "conflicts_with", "premises_not_current"]


@click.command()
@click.argument("ids", nargs=-1)
@question_scope_option
@at_option
@click.option("--subject", default=None, help="Only claims about this subject")
@click.option("--only", default=None, help="Only these statuses, comma-separated (ACTIVE,STALE,CONFLICT,UNKNOWN)")
@output_format("table", "json", "csv")
@connection_options
def status(ids: tuple[str, ...], scope: str | None, at: str | None, subject: str | None, only: str | None, fmt: str,
           graph: Graph) -> None:
    """Status of claims (all when no ID): ACTIVE, STALE, CONFLICT or UNKNOWN, with the reason."""
    moment = parse_at(at)
    if ids:
        rows: Iterable[ClaimStatus] = claim_status(graph, list(ids), scope=scope, at=moment, subject=subject, only=only)
    else:
        rows = iter_status(graph, scope=scope, at=moment, subject=subject, only=only)
    if fmt == "json":
        for chunk in json_array(rows):
            click.echo(chunk, nl=False)
        click.echo("")
    elif fmt == "csv":
        click.echo(_csv((row.to_dict() for row in rows), _STATUS_COLUMNS), nl=False)
    else:
        _table(rows)


@click.command()
@click.argument("claim")
@question_scope_option
@at_option
@output_format(*RENDERERS)
@connection_options
def lineage(claim: str, scope: str | None, at: str | None, fmt: str, graph: Graph) -> None:
    """Lineage of one claim: predecessors, successors, premises, rivals, adjudications, citations."""
    view = build_lineage(graph, claim, scope=scope, at=parse_at(at))
    click.echo(render_lineage(view, fmt))


_CONFLICT_COLUMNS = ["kind", "claims", "scope", "subject", "values", "resolve"]


@click.command()
@question_scope_option
@at_option
@output_format("table", "json", "csv")
@connection_options
def conflicts(scope: str | None, at: str | None, fmt: str, graph: Graph) -> None:
    """Unresolved conflicts (rival claims, explicit conflicts, revision cycles) and what would resolve each."""
    found = find_conflicts(graph, scope=scope, at=parse_at(at))
    records = [c.to_dict() for c in found]
    if fmt == "json":
        click.echo(conflicts_json(found))
    elif fmt == "csv":
        click.echo(_csv(records, _CONFLICT_COLUMNS), nl=False)
    else:
        if not records:
            click.echo("no unresolved conflicts")
        for c in found:
            click.echo(f"{c.kind:<17} {' <> '.join(c.claims)}  scope={c.scope or '(global)'}  subject={c.subject or '-'}")
            for hint in c.resolve:
                click.echo(f"    resolve: {hint}")


COMMANDS = [status, lineage, conflicts]
