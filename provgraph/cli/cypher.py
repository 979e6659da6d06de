"""`provgraph cypher "QUERY"` and `provgraph query NAME | --list`: thin over provgraph.engine.queries."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from provgraph.base.errors import UsageError
from provgraph.cli.options import connection_options, output_format
from provgraph.cypher import NamedQuery, shell_text

if TYPE_CHECKING:
    from provgraph.api import Provgraph
    from provgraph.engine.queries import QueryResult

_PARAM_HELP = "Query parameter NAME=VALUE (repeatable); VALUE is JSON when it parses as JSON, else a string"


def _render(result: QueryResult, fmt: str) -> None:
    from provgraph.engine import queries

    if fmt == "json":
        click.echo(queries.to_json(result))
    elif fmt == "csv":
        click.echo(queries.to_csv(result), nl=False)
    elif sys.stdout.isatty():
        from rich.console import Console
        from rich.table import Table
        from rich.text import Text

        table = Table(header_style="bold")
        for column in result.columns:
            table.add_column(Text(column))
        for row in result.rows:  # Text, not str: a value like "[red]" is data, not rich markup
            table.add_row(*(Text(queries.cell_text(value)) for value in row))
        Console().print(table)
        click.echo(f"{len(result.rows)} row{'s' if len(result.rows) != 1 else ''}", err=True)
    else:
        click.echo(queries.to_plain_table(result), nl=False)
    if result.counters:
        changed = ", ".join(f"{count} {name.replace('_', ' ')}" for name, count in result.counters.items())
        click.echo(f"provgraph: {changed}", err=True)


@click.command("cypher")
@click.argument("query")
@click.option("--param", "params", multiple=True, metavar="NAME=VALUE", help=_PARAM_HELP)
@click.option("--write", is_flag=True, help="Allow the query to change the graph (default: read-only, enforced by the server)")
@output_format("table", "json", "csv")
@connection_options(schema=False)  # ad-hoc Cypher reads any database, provgraph's or not
def cypher_command(query: str, params: tuple[str, ...], write: bool, fmt: str, pg: Provgraph) -> None:
    """Run ad-hoc Cypher. Read-only unless --write: the server refuses writes in a read transaction.

    \b
    provgraph cypher "MATCH (c:Claim) RETURN c.uid, c.subject LIMIT 5"
    provgraph cypher "MATCH (c:Claim {uid: $id})-[:CITED_AT]->(s) RETURN s.uid" --param id=cfg-1 --format json
    """
    from provgraph.engine import queries

    result = pg.cypher(query, queries.parse_params(params), write=write)
    _render(result, fmt)


def _list_queries() -> None:
    import shutil
    import textwrap

    from provgraph.engine import queries

    readable, internal = queries.list_queries()
    width = max((len(q.name) for q in readable + internal), default=0)
    columns = max(60, min(shutil.get_terminal_size((100, 24)).columns, 120))
    indent = " " * (width + 4)

    def show(query: NamedQuery) -> None:
        text = query.description or "(no description)"
        click.echo(textwrap.fill(text, columns, initial_indent=f"  {query.name.ljust(width)}  ", subsequent_indent=indent,
                                 break_on_hyphens=False, break_long_words=False))
        if query.params:
            click.echo(textwrap.fill(" ".join(f"${name}" for name in query.params), columns,
                                     initial_indent=f"{indent}params: ", subsequent_indent=indent + "        "))

    click.echo("Named queries (provgraph query NAME [--param k=v]...):")
    for query in readable:
        show(query)
    if internal:
        click.echo("")
        click.echo("Internal pipeline statements (mode: write; run only with --write):")
        for query in internal:
            show(query)


def _connection_options_lazily(command):  # type: ignore[no-untyped-def]
    """The shared connection options (--uri, --password, ...), connecting only when needed.

    `query --list` reads files only, so it must work with no server running. The options
    arrive in `**connection` and go, untouched, to the shared wrapper in `_named_on_graph`.
    """
    shared = _named_on_graph.__click_params__
    command.__click_params__ = [*getattr(command, "__click_params__", []), *shared]
    return command


@connection_options
def _named_on_graph(*, name: str, given: dict, write: bool, pg: Provgraph) -> QueryResult:
    return pg.query(name, given, write=write)


@click.command("query")
@click.argument("name", required=False)
@click.option("--list", "list_", is_flag=True, help="List the named queries with their descriptions and parameters")
@click.option("--param", "params", multiple=True, metavar="NAME=VALUE",
              help=_PARAM_HELP + "; parameters the header marks (DateTime) take ISO 8601, YYYYMMDD, epoch ms or 'now'")
@click.option("--write", is_flag=True, help="Allow an internal `// mode: write` statement to run")
@click.option("--print", "print_", is_flag=True,
              help="Print the query's text with its rule fragments expanded (for cypher-shell or the Browser); run nothing")
@output_format("table", "json", "csv")
@_connection_options_lazily
def query_command(name: str | None, list_: bool, params: tuple[str, ...], write: bool, print_: bool, fmt: str,
                  **connection: object) -> None:
    """Run a named query from provgraph/cypher/ (see --list); --print shows the text that runs, for cypher-shell."""
    if list_:
        _list_queries()
        return
    if not name:
        raise UsageError("give a query NAME or --list")
    if print_:
        click.echo(shell_text(name), nl=False)
        return
    from provgraph.engine import queries

    given = queries.parse_params(params)
    _render(_named_on_graph(name=name, given=given, write=write, **connection), fmt)


COMMANDS = [cypher_command, query_command]
