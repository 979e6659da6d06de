"""`provgraph status`, `provgraph lineage`, `provgraph conflicts`: thin over the Python API (provgraph.api)."""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Iterable

import click

from provgraph.base.escape import csv_text
from provgraph.base.text import and_more, short_hash
from provgraph.cli.options import at_option, connection_options, output_format, question_scope_option
from provgraph.views.display import RENDERERS, account_words, iso_instant, status_words

if TYPE_CHECKING:
    from provgraph.api import Provgraph
    from provgraph.engine.status_rows import StatusRow
    from provgraph.graph.connection import Graph


def _table(rows: Iterable[StatusRow]) -> int:
    # styled always; click strips the colours when stdout is not a terminal
    from provgraph.engine.claim_status import location, why_text

    shown = 0
    for row in rows:
        cited = f"{location(row.source, row.path) or '-'}@{short_hash(row.snapshot) or '-'}"
        why = why_text(row.reason, row.question_scope, row.successors, row.successor_scopes, row.conflicts_with,
                       row.premises_not_current, row.premise_verdicts,
                       ((other["claim"], other["scope"]) for other in row.successors_elsewhere))
        account = "" if row.since is None and row.because is None else account_words(
            iso_instant(row.since), row.because_kind, row.because, row.because_commit, row.because_author,
            row.because_committer, row.because_file, row.because_line, row.because_by)
        click.echo(f"{status_words(row.status, row.reason, row.claim, row.scope)}  {cited}  "
                   f"{row.claim + ' ' + why if why else ''}".rstrip() + (f"  {account}" if account else ""))
        shown += 1
    return shown


def _say_why_empty(graph: Graph) -> None:
    """An empty table says why, on stderr (stdout stays a table: `status | wc -l` counts claims)."""
    from provgraph.graph.schema import schema_state

    if schema_state(graph)["claims"]:
        click.echo("provgraph: no claim matches (see --scope, --at, --subject, --only)", err=True)
    else:
        click.echo(f"provgraph: the graph at {graph.settings.safe_uri} holds no claims yet: ingest some "
                   "(`provgraph ingest --help`)", err=True)


def _csv(records: Iterable[dict[str, Any]], columns: list[str]) -> str:
    """Lists as `a;b` (a null inside one as an empty part); cells spreadsheet-safe (provgraph.base.escape)."""
    def cell(value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            return ";".join("" if part is None else str(part) for part in value)
        return value

    return csv_text(columns, ([cell(record.get(column)) for column in columns] for record in records))


_STATUS_COLUMNS = ["claim", "status", "reason", "scope", "subject", "value", "source", "path", "aliases", "snapshot", "lines",
                   "successors", "conflicts_with", "premises_not_current", "since", "because_kind", "because",
                   "because_snapshot", "because_commit", "because_author", "because_committer", "because_file",
                   "because_line", "because_by"]


@click.command("status")
@click.argument("ids", nargs=-1)
@question_scope_option
@at_option
@click.option("--subject", default=None, help="Only claims about this subject")
@click.option("--only", default=None, help="Only these statuses, comma-separated (ACTIVE,STALE,CONFLICT,UNKNOWN)")
@output_format("table", "json", "csv")
@connection_options
def status_command(ids: tuple[str, ...], scope: str | None, at: datetime | None, subject: str | None, only: str | None,
                   fmt: str, pg: Provgraph) -> None:
    """Status of claims (all when no ID): ACTIVE, STALE, CONFLICT or UNKNOWN, with the reason."""
    from provgraph.engine.status_rows import json_array

    rows = pg.status_rows(list(ids) if ids else None, scope=scope, at=at, subject=subject, only=only)
    if fmt == "json":
        for chunk in json_array(rows):
            click.echo(chunk, nl=False)
        click.echo("")
    elif fmt == "csv":
        click.echo(_csv((row._asdict() for row in rows), _STATUS_COLUMNS), nl=False)
    elif not _table(rows):
        _say_why_empty(pg.graph)


@click.command("lineage")
@click.argument("claim")
@question_scope_option
@at_option
@output_format(*RENDERERS)
@connection_options
def lineage_command(claim: str, scope: str | None, at: datetime | None, fmt: str, pg: Provgraph) -> None:
    """Lineage of one claim: predecessors, successors, premises, rivals, adjudications, citations."""
    from provgraph.views import lineage

    click.echo(lineage.render(pg.lineage(claim, scope=scope, at=at), fmt))


_CONFLICT_COLUMNS = ["kind", "claims", "scope", "subject", "values", "resolve"]


@click.command("conflicts")
@question_scope_option
@at_option
@output_format("table", "json", "csv")
@connection_options
def conflicts_command(scope: str | None, at: datetime | None, fmt: str, pg: Provgraph) -> None:
    """Unresolved conflicts (rival claims, explicit conflicts, revision cycles) and what would resolve each."""
    from provgraph.engine.claim_status import RIVALS_SHOWN

    found = pg.conflicts(scope=scope, at=at)
    records = [c.to_dict() for c in found]
    if fmt == "json":
        click.echo(found.to_json())
    elif fmt == "csv":
        click.echo(_csv(records, _CONFLICT_COLUMNS), nl=False)
    else:
        if not records:
            click.echo("no unresolved conflicts")
        for c in found:
            members = (" <> ".join(c.claims) if len(c.claims) <= RIVALS_SHOWN
                       else f"{len(c.claims)} claims: {and_more(c.claims, RIVALS_SHOWN)}")
            values = sorted({str(v) for v in c.values if v is not None})
            held = f"  values={and_more(values, RIVALS_SHOWN)}" if len(c.claims) > 2 and values else ""
            click.echo(f"{c.kind:<17} {members}  scope={c.scope or '(global)'}  subject={c.subject or '-'}{held}")
            for hint in c.resolve:
                click.echo(f"    resolve: {hint}")


COMMANDS = [status_command, lineage_command, conflicts_command]
