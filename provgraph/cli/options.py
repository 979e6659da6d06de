"""Options shared by many commands, each defined once with its environment variable."""
from __future__ import annotations

import functools
from datetime import datetime
from typing import Any, Callable

import click

from provgraph.base.config import DEFAULT_URI, Settings
from provgraph.base.times import parse_moment


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
        from provgraph.api import connect  # the driver loads here, when a command reaches the database
        from provgraph.graph.schema import require_schema

        with connect(settings=settings) as pg:
            if schema:
                require_schema(pg.graph)
            return command(*args, pg=pg, **kwargs)

    return wrapper


class MomentType(click.ParamType):
    """A time (`--at`, `--from`, `--to`), read once where it enters, by `provgraph.base.times.parse_moment`: the command
    gets an aware UTC datetime, or None for "" (now); text it cannot read is a usage error naming the option."""

    name = "time"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> datetime | None:
        if isinstance(value, datetime):
            return value
        return parse_moment(value, param.opts[0] if param is not None and param.opts else "--at", missing="none")


class IdListType(click.ParamType):
    """Ids given as `A,B` (and the option repeated): split at commas once, here; the API then takes a list."""

    name = "id,..."

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> list[str]:
        if isinstance(value, list):
            return value
        return [part.strip() for part in str(value).split(",") if part.strip()]


MOMENT = MomentType()
ID_LIST = IdListType()


def id_list_option(*names: str, **kwargs: Any) -> Callable[..., Any]:
    """A repeatable option of comma-separated ids; the command gets one flat list, or None when it is not given."""
    def flat(ctx: click.Context, param: click.Parameter, value: tuple[list[str], ...]) -> list[str] | None:
        return [uid for ids in value for uid in ids] if value else None

    return click.option(*names, type=ID_LIST, multiple=True, callback=flat, **kwargs)


def question_scope_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """--scope as the question's scope (status, lineage, conflicts, verify)."""
    return click.option("--scope", default=None, help="Question scope (default: each claim's own scope)")(command)


def at_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """--at, the as-of time of the question (a datetime, or None for now)."""
    return click.option("--at", "at", type=MOMENT, default=None,
                        help="As-of time: ISO 8601 (naive = UTC), YYYYMMDD, epoch ms (12-13 digits) or now [default: now]")(command)


def output_format(*choices: str, default: str | None = None) -> Callable[..., Any]:
    return click.option(
        "--format", "fmt", type=click.Choice(choices), default=default or choices[0], show_default=True,
        help="Output format",
    )


__all__ = ["ID_LIST", "MOMENT", "at_option", "connection_options", "id_list_option", "output_format", "question_scope_option",
           "record_format_options", "settings_options"]


def record_format_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """`ingest files`: the store's record format (provgraph/ingest/formats/), passed on as `record` (a declaration
    table, or None for the default adr reading)."""
    from provgraph.ingest.config import record_table
    from provgraph.ingest.formats import presets

    from provgraph.ingest.formats.declaration import METADATA

    @functools.wraps(command)
    def wrapper(*args: Any, preset: str | None, field: tuple[str, ...], records: tuple[str, ...], word: tuple[str, ...],
                metadata: tuple[str, ...], section: str | None, pattern: tuple[str, ...], record_id: str | None,
                **kwargs: Any) -> Any:
        return command(*args, record=record_table(preset, field, records, word, metadata=metadata, section=section,
                                                  patterns=pattern, id=record_id), **kwargs)

    wrapper = click.option("--id", "record_id", metavar="TEMPLATE",
                           help="The claim's uid from the id field: 'RFC {id}', 'CAP-{id:04}'")(wrapper)
    wrapper = click.option("--pattern", multiple=True, metavar="ROLE=REGEX",
                           help="Read ROLE by a regex with one group over the first 200 lines, any case, ^ and $ at "
                                "each line: --pattern 'status=^Status:\\s*(.+)$' (repeatable)")(wrapper)
    wrapper = click.option("--section", metavar="NAME",
                           help="Read the metadata under the heading NAME only (any level, any case): Preamble")(wrapper)
    wrapper = click.option("--metadata", multiple=True, type=click.Choice(METADATA), metavar="KIND",
                           help=f"Where the fields sit, in order (repeatable): {', '.join(METADATA)}")(wrapper)
    wrapper = click.option("--word", multiple=True, metavar="'PHRASE=WORD'",
                           help="A status word of this store and the canonical word it means, or '?' to leave it unread "
                                "(repeatable)")(wrapper)
    wrapper = click.option("--field", multiple=True, metavar="ROLE=NAME",
                           help="The field that carries ROLE: id, title, status, date, supersedes, superseded_by, "
                                "replaces, amends, requires (repeatable)")(wrapper)
    wrapper = click.option("--records", multiple=True, metavar="GLOB", help="Files that are records (repeatable)")(wrapper)
    return click.option("--preset", type=click.Choice(sorted(presets())), default=None,
                        help="The record format [default: adr, Markdown decision records]")(wrapper)
