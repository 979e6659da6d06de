"""`provgraph scan`: thin over Provgraph.scan and Provgraph.citations."""
from __future__ import annotations

import json
from pathlib import Path

import click

from provgraph.api import Provgraph
from provgraph.base.errors import CheckFailed
from provgraph.cli.options import at_option, connection_options, question_scope_option
from provgraph.engine.cites import UNRESOLVED, CitationFinding
from provgraph.ingest.scan import locator_of
from provgraph.report import cite_sarif
from provgraph.report.run import parse_list

FAIL_ON = ("stale", "conflict", "unknown", "unresolved")


def _table(found: list[CitationFinding]) -> None:
    for item in found:
        instead = f"  -> cite {item.cite_instead}" if item.cite_instead else ""
        claim = item.claim or item.id
        click.echo(f"{item.file}:{item.line}:{item.column}  {item.status:<10} {claim} ({item.reason})  "
                   f"{item.text!r}{instead}")


@click.command("scan")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--files", "changed", is_flag=True,
              help="PATHS are a changed file set (`git diff --name-only | xargs provgraph scan --files`): read only "
                   "those files, forget those that no longer exist")
@click.option("--store", default="scan", show_default=True, help="The store the citations are kept in")
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="File paths are kept relative to this folder [default: the working directory]")
@click.option("--config", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="A provgraph.toml whose [[store]] tables declare `cite` patterns [default: ./provgraph.toml when present]")
@question_scope_option
@at_option
@click.option("--format", "fmt", type=click.Choice(["table", "json", "sarif"]), default="table", show_default=True,
              help="Output format: the findings (sarif: SARIF 2.1.0 at the citing lines)")
@click.option("--fail-on", "fail_on", default=None, metavar="LIST",
              help=f"Exit 1 when a citation of these is found: {', '.join(FAIL_ON)} (comma-separated)")
@click.option("--repo-root", "repo_root", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="SARIF file paths relative to this folder [default: as kept, relative to --root]")
@connection_options(schema=False)  # a scan is a write: it installs the schema on a new database
def scan_command(paths: tuple[Path, ...], changed: bool, store: str, root: Path | None, config: Path | None,
                 scope: str | None, at: str | None, fmt: str, fail_on: str | None, repo_root: Path | None,
                 pg: Provgraph) -> None:
    """Find citations of decisions in code, docs and configs, and list those that no longer govern.

    Reads every text file under PATHS (default: the working directory; .gitignore respected in a git work tree),
    keeps each citation in the graph, then lists each citation of a claim that is STALE, CONFLICT or UNKNOWN for
    the question (and each id no ingested record has, UNRESOLVED) with what to cite instead."""
    conditions = parse_list(fail_on, FAIL_ON, "--fail-on")
    if config is None and Path("provgraph.toml").is_file():
        config = Path("provgraph.toml")
    files = [str(path) for path in paths] if changed else None
    summary = pg.scan(() if changed else paths, files=files, store=store, root=root, config=config)
    click.echo(summary.headline(), err=True)
    found = pg.citations(files=_located(files, summary.root) if files else None, store=store, scope=scope, at=at)
    if fmt == "json":
        click.echo(json.dumps({"scan": summary.to_dict(), "findings": [f.to_dict() for f in found]}, indent=2,
                              sort_keys=True))
    elif fmt == "sarif":
        click.echo(cite_sarif.render(found, repo_root), nl=False)
    else:
        _table(found)
    tripped = {name: n for name in conditions
               if (n := sum(1 for f in found if f.status == (UNRESOLVED if name == "unresolved" else name.upper())))}
    if tripped:
        raise CheckFailed("scan --fail-on tripped: " + ", ".join(f"{k} ({v})" for k, v in tripped.items()))


def _located(files: list[str], root: str) -> list[str]:
    return [locator_of(Path(name).resolve(), Path(root)) for name in files]


COMMANDS = [scan_command]
