"""The `provgraph` command line: thin click commands over the Python API."""
from __future__ import annotations

import os
import sys
import traceback
from typing import Any, Sequence

import click

from provgraph.base.errors import (
    EXIT_BROKEN_PIPE,
    EXIT_CRASH,
    EXIT_USAGE,
    ProvgraphError,
    exit_code_for,
    is_broken_pipe,
    output_error,
)

DEBUG_ENV = "PROVGRAPH_DEBUG"


def _debug_requested(argv: Sequence[str]) -> bool:
    return os.environ.get(DEBUG_ENV, "").strip() not in ("", "0") or "--debug" in argv


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _redacted(text: str) -> str:
    password = os.environ.get("NEO4J_PASSWORD")
    return text.replace(password, "***") if password and len(password) > 2 else text


def _silence_stdout() -> None:
    """After a closed pipe or a failed write, later flushes (at exit) must not print a second error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (CliRunner): nothing to silence
        pass


def _command_path(argv: Sequence[str]) -> str:
    """The subcommand argv names (`provgraph adjudicate`), for a usage error click raised without its context
    (an option short of its values: `--distinct A`)."""
    path, command = ["provgraph"], cli  # type: list[str], click.Command
    for word in argv:
        if word.startswith("-"):
            continue
        found = command.commands.get(word) if isinstance(command, click.Group) else None
        if found is None:
            break
        path.append(word)
        command = found
    return " ".join(path)


def report_error(error: BaseException, debug: bool, argv: Sequence[str] = ()) -> int:
    """The one place where an exception becomes a line on stderr and an exit code."""
    if isinstance(error, SystemExit):
        return error.code if isinstance(error.code, int) else (0 if error.code is None else EXIT_USAGE)
    if isinstance(error, _StdoutClosed) or is_broken_pipe(error):
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    if debug:
        traceback.print_exception(error, file=sys.stderr)
    if isinstance(error, click.UsageError):
        where = error.ctx.command_path if error.ctx is not None else _command_path(argv)
        click.echo(f"provgraph: {_one_line(error.format_message())} (try `{where} --help`)", err=True)
        return EXIT_USAGE
    if isinstance(error, click.ClickException):  # e.g. a file click could not open: unusable input
        click.echo(f"provgraph: {_one_line(error.format_message())}", err=True)
        return EXIT_USAGE
    if isinstance(error, (KeyboardInterrupt, click.Abort)):
        click.echo("provgraph: interrupted", err=True)
        return 130
    if isinstance(error, ProvgraphError):
        click.echo(f"provgraph: {_redacted(_one_line(str(error)))}", err=True)
        return exit_code_for(error)
    if isinstance(error, OSError):
        failed = output_error(error)
        if failed is not None:
            _silence_stdout()
            click.echo(f"provgraph: {_one_line(str(failed))}", err=True)
            return exit_code_for(failed)
    detail = _redacted(_one_line(str(error)))[:300]
    hint = "" if debug else f"; re-run with --debug (or {DEBUG_ENV}=1) for the traceback"
    click.echo(f"provgraph: internal error ({type(error).__name__}{': ' + detail if detail else ''}): "
               f"this is a bug in provgraph{hint}", err=True)
    return EXIT_CRASH


class _StdoutClosed(Exception):
    """A closed pipe, carried past click, which would otherwise swallow it and exit 1 ("a finding")."""


class ProvgraphGroup(click.Group):
    """Runs click without its own error printing, so every failure goes through `report_error`."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except OSError as error:
            if is_broken_pipe(error):
                raise _StdoutClosed() from error
            raise

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        argv = list(sys.argv[1:] if args is None else args)
        try:
            code = super().main(argv, prog_name, complete_var, standalone_mode=False, **extra)
            sys.stdout.flush()  # a closed pipe or a full disk shows here, not in an interpreter-exit warning
        except BaseException as error:  # noqa: BLE001 - this is the boundary: nothing may escape as a traceback
            code = report_error(error, _debug_requested(argv), argv)
        sys.exit(code if isinstance(code, int) else 0)


@click.group(cls=ProvgraphGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="provgraph")
@click.option("--debug", is_flag=True, envvar=DEBUG_ENV, show_envvar=True,
              help="On an internal error, print the Python traceback too")
def cli(debug: bool) -> None:
    """provgraph: does the source an answer cites still govern?

    Ingest decision records, tickets, logs and board cards into Neo4j, then ask
    each claim's status (ACTIVE, STALE, CONFLICT, UNKNOWN) with its lineage.
    """


def _register() -> None:
    from provgraph.cli import (adjudicate, admin, browse, changes, check, cypher, export, ingest, mcp, report, scan,
                               server, status, suspects, verify)

    for module in (server, browse, admin, ingest, status, changes, check, suspects, verify, adjudicate, report, cypher,
                   export, mcp, scan):
        for command in module.COMMANDS:
            cli.add_command(command)


_register()


def main() -> None:
    cli(prog_name="provgraph")
