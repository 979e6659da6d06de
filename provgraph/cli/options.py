"""Options shared by many commands, each defined once with its environment variable."""
from __future__ import annotations

import functools
from typing import Any, Callable

import click

from provgraph.base.config import DEFAULT_URI, Settings
from provgraph.api import Provgraph, connect
from provgraph.graph.schema import require_schema


def settings_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add --uri/--username/--password/--ask-password/--database and pass the `settings` (no connection yet)."""

    @click.option("--uri", envvar="NEO4J_URI", show_envvar=True, help=f"Bolt or routing URI [default: {DEFAULT_URI}, the local server]")
    @click.option("--username", envvar="NEO4J_USERNAME", show_envvar=True, help="Database user [default: neo4j]")
    @click.option("--password", envvar="NEO4J_PASSWORD", show_envvar=True, show_default=False,
                  help="Database password (prefer the env var; never printed)")
    @click.option("--ask-password", is_flag=True, help="Ask for the database password (hidden input)")
    @click.option("--database", envvar="NEO4J_DATABASE", show_envvar=True, help="Database name [default: neo4j]")
    @functools.wraps(command)
    def wrapper(*args: Any, uri: str | None, username: str | None, password: str | None, ask_password: bool,
                database: str | None, **kwargs: Any) -> Any:
        if ask_password:
            password = click.prompt("Neo4j password", hide_input=True, err=True)
        settings = Settings.from_env(uri=uri, username=username, password=password, database=database)
        return command(*args, settings=settings, **kwargs)

    return wrapper


def connection_options(command: Callable[..., Any] | None = None, *, schema: bool = True) -> Any:
    """The connection options, and an open `pg` (the Python API's `Provgraph`) passed to the command. With `schema`
    (a read), a database holding no provgraph schema is refused in one line naming `provgraph init`; commands that
    write pass schema=False (what they call installs the schema), as do those that read any database (`cypher`)."""
    if command is None:
        return functools.partial(connection_options, schema=schema)

    @settings_options
    @functools.wraps(command)
    def wrapper(*args: Any, settings: Settings, **kwargs: Any) -> Any:
        with connect(settings=settings) as pg:
            if schema:
                require_schema(pg.graph)
            return command(*args, pg=pg, **kwargs)

    return wrapper


def question_scope_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """--scope as the question's scope (status, lineage, conflicts, verify)."""
    return click.option("--scope", default=None, help="Question scope (default: each claim's own scope)")(command)


def at_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """--at, the as-of time of the question (read by `provgraph.base.as_of.parse_at`)."""
    return click.option("--at", "at", default=None,
                        help="As-of time: ISO 8601 (naive = UTC), YYYYMMDD, epoch ms (12-13 digits) or now [default: now]")(command)


def output_format(*choices: str, default: str | None = None) -> Callable[..., Any]:
    return click.option(
        "--format", "fmt", type=click.Choice(choices), default=default or choices[0], show_default=True,
        help="Output format",
    )


__all__ = ["at_option", "connection_options", "output_format", "question_scope_option", "settings_options", "Provgraph"]


def record_format_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """`ingest files`: the store's record format (provgraph/ingest/formats/), passed on as `record` (a declaration
    table, or None for the default adr reading)."""
    from provgraph.ingest.config import record_table
    from provgraph.ingest.formats import presets

    @functools.wraps(command)
    def wrapper(*args: Any, preset: str | None, field: tuple[str, ...], records: tuple[str, ...], word: tuple[str, ...],
                **kwargs: Any) -> Any:
        return command(*args, record=record_table(preset, field, records, word), **kwargs)

    wrapper = click.option("--word", multiple=True, metavar="'PHRASE=WORD'",
                           help="A status word of this store and the canonical word it means (repeatable)")(wrapper)
    wrapper = click.option("--field", multiple=True, metavar="ROLE=NAME",
                           help="The field that carries ROLE: id, title, status, date, supersedes, superseded_by, "
                                "replaces, amends, requires (repeatable)")(wrapper)
    wrapper = click.option("--records", multiple=True, metavar="GLOB", help="Files that are records (repeatable)")(wrapper)
    return click.option("--preset", type=click.Choice(sorted(presets())), default=None,
                        help="The record format [default: adr, Markdown decision records]")(wrapper)
