"""`provgraph ingest files|tickets|logs|cards ...` and `provgraph ingest --config FILE`: thin over Provgraph.ingest_*."""
from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

import click

from provgraph.base.errors import CheckFailed, UsageError
from provgraph.api import Provgraph, connect
from provgraph.cli.options import connection_options, record_format_options
from provgraph.ingest.config import load_config
from provgraph.ingest.pipeline import POLICIES, IngestSummary


def _common(command: Callable[..., Any]) -> Callable[..., Any]:
    command = click.option("--output", "-o", "output", type=click.Choice(["table", "json"]), default="table",
                           show_default=True, help="Summary format")(command)
    command = click.option("--scope", default="", help="Default scope for records that carry none ('' = global)")(command)
    command = click.option("--store", default=None, help="Store name [default: from the path]")(command)
    command = click.option("--rebuild", is_flag=True, expose_value=False,
                           callback=lambda ctx, _, value: ctx.meta.__setitem__("provgraph.rebuild", value),
                           help="Read this store again from scratch (other stores, claims and adjudications stay)")(command)
    return connection_options(command, schema=False)  # the pipeline installs the schema


@contextmanager
def _progress(enabled: bool) -> Iterator[Callable[[str, int, int | None], None] | None]:
    """A progress bar on a terminal (stderr); nothing when piped or in CI."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        tasks: dict[str, Any] = {}

        def advance(phase: str, step: int, total: int | None) -> None:
            if phase not in tasks:
                tasks[phase] = bar.add_task("reading records" if phase == "read" else "writing batches", total=total)
            bar.update(tasks[phase], advance=step, total=total)

        yield advance


def _finish(summaries: list[IngestSummary], output: str) -> None:
    if output == "json":
        click.echo(summaries[0].to_json() if len(summaries) == 1 else
                   json.dumps([s.to_dict() for s in summaries], indent=2, sort_keys=True, default=str))
    else:
        click.echo("\n".join(line for summary in summaries for line in summary.text_lines()))
    quarantined = sum(s.quarantined_count for s in summaries)
    if quarantined:
        raise CheckFailed(f"{quarantined} record(s) quarantined; everything else was ingested")


def _one(output: str, ingest: Callable[..., IngestSummary], path: Path, **options: Any) -> None:
    with _progress(output == "table") as progress:
        summary = ingest(path, progress=progress, rebuild=click.get_current_context().meta.get("provgraph.rebuild", False),
                         **options)
    _finish([summary], output)


@click.group("ingest", invoke_without_command=True)
@click.option("--config", "config_path", type=click.Path(path_type=Path), default=None,
              help="A provgraph.toml listing stores to ingest, so a nightly job is one command "
                   "(connection from NEO4J_* env vars)")
@click.option("--output", "-o", "output", type=click.Choice(["table", "json"]), default="table", show_default=True,
              help="Summary format with --config")
@click.pass_context
def ingest_command(ctx: click.Context, config_path: Path | None, output: str) -> None:
    """Read decision records, tickets, logs or board cards into the graph.

    Re-ingesting unchanged input changes nothing. Unparsable records are quarantined
    (exit 1) and the rest is ingested; unusable input as a whole exits 2.
    """
    if ctx.invoked_subcommand is not None:
        if config_path:
            raise UsageError("--config runs every store in the file; give no subcommand with it")
        return
    if config_path is None:
        click.echo(ctx.get_help())
        return
    load_config(config_path)  # a bad file is refused (exit 2) before any connection is tried
    with connect() as pg:  # NEO4J_* from the environment
        summaries = pg.ingest_config(config_path, progress=lambda: _progress(output == "table"))
    _finish(summaries, output)


@ingest_command.command("files")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--git", "use_git", is_flag=True, help="Walk git history: a snapshot per commit that touched a file")
@click.option("--include", "include", multiple=True, metavar="GLOB",
              help="Read files matching GLOB even when a default or --exclude glob leaves them out (repeatable)")
@click.option("--exclude", "exclude", multiple=True, metavar="GLOB", help="Leave out files matching GLOB, besides "
              "templates and index pages (repeatable; no / in GLOB: the file name, else the path under PATH; any case)")
@click.option("--dayfirst/--monthfirst", "dayfirst", default=None,
              help="How to read a Date line such as 10/04/18 that fits both orders [default: report it as ambiguous]")
@record_format_options
@_common
def ingest_files_command(path: Path, use_git: bool, include: tuple[str, ...], exclude: tuple[str, ...],
                         dayfirst: bool | None, record: dict[str, Any] | None, store: str | None, scope: str, output: str,
                         pg: Provgraph) -> None:
    """Decision records under PATH: Markdown ADRs (front matter, Nygard/adr-tools, MADR) by default, or the format
    --preset names (pep, kep) or --records/--field/--word declare.

    --metadata, --section, --pattern and --id say where the fields sit (docs/ingest.md, "Record formats").

    ADR templates and index pages are skipped. No record with a status: a declaration is proposed, never applied.
    """
    _one(output, pg.ingest_files, path, git=use_git, include=include, exclude=exclude, dayfirst=dayfirst, store=store,
         scope=scope, record=record)


@ingest_command.command("tickets")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["github", "jira-csv", "jira-json"]), required=True,
              help="Export format: `gh issue list --json ...`, Jira CSV export, or a Jira search response")
@_common
def ingest_tickets_command(path: Path, fmt: str, store: str | None, scope: str, output: str, pg: Provgraph) -> None:
    """Issue-tracker exports: GitHub issue JSON, Jira CSV or Jira JSON."""
    _one(output, pg.ingest_tickets, path, format=fmt, store=store, scope=scope)


@ingest_command.command("logs")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["jsonl", "logfmt"]), default="jsonl", show_default=True)
@click.option("--policy", type=click.Choice(POLICIES), default=None,
              help="latest-wins: the newest entry per (subject, scope) supersedes older ones, recorded as adjudications")
@_common
def ingest_logs_command(path: Path, fmt: str, policy: str | None, store: str | None, scope: str, output: str,
                        pg: Provgraph) -> None:
    """Append-only decision or config logs (JSONL or logfmt), one entry per line."""
    _one(output, pg.ingest_logs, path, format=fmt, policy=policy, store=store, scope=scope)


@ingest_command.command("cards")
@click.argument("path", type=click.Path(path_type=Path))
@_common
def ingest_cards_command(path: Path, store: str | None, scope: str, output: str, pg: Provgraph) -> None:
    """Board cards: a JSON card, a JSON array, JSONL, or a folder of them."""
    _one(output, pg.ingest_cards, path, store=store, scope=scope)


COMMANDS = [ingest_command]
