"""`provgraph report`: thin over Provgraph.report."""
from __future__ import annotations

from datetime import datetime
from pathlib import Path

import click

from provgraph.base.errors import CheckFailed
from provgraph.cli.options import MOMENT, connection_options
from provgraph.api import Provgraph
from provgraph.report import DEFAULT_FORMATS, FAIL_ON


@click.command("report")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("provgraph-report"),
              show_default=True, help="Directory for the report files (created if missing)")
@click.option("--scope", default=None, help="Only claims inside this scope or covering it [default: the whole graph]")
@click.option("--format", "formats", default=",".join(DEFAULT_FORMATS), show_default=True,
              help="Files to write, comma-separated: md (report.md), html (report.html), csv (claims.csv), json (report.json), "
                   "sarif (report.sarif, SARIF 2.1.0 for code scanning)")
@click.option("--repo-root", "repo_root", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="report.sarif's file paths are relative to this folder [default: the git work tree holding each "
                   "store, else the folder its ingest ran from]")
@click.option("--fail-on", "fail_on", default=None, metavar="LIST",
              help=f"Exit 1 (after writing the files) when any of these appear: {', '.join(FAIL_ON)}. "
                   "new-* compare with the previous run; unbound and one-sided trip whenever any exist")
@click.option("--baseline", default=None, metavar="NAME",
              help="Compare with the previous run of this baseline, and record this run under it "
                   "[default: the --out directory, so an ad-hoc report elsewhere never becomes a nightly job's baseline]")
@click.option("--no-record", "no_record", is_flag=True,
              help="Leave no run behind: the next report still compares with the run before this one")
@click.option("--at", type=MOMENT, default=None, metavar="T",
              help="Reproduce the report of a past instant (ISO 8601, YYYYMMDD or epoch ms): statuses then, compared "
                   "with the run recorded before it; never recorded")
@connection_options(schema=False)  # the report installs the schema when it records the run
def report_command(out: Path, scope: str | None, formats: str, repo_root: Path | None, fail_on: str | None,
                   baseline: str | None, no_record: bool, at: datetime | None, pg: Provgraph) -> None:
    """Staleness report: counts per status and store, what changed since the previous run, lineage diagrams."""
    result = pg.report(out, scope=scope, formats=formats, fail_on=fail_on, baseline=baseline,
                       record=not no_record and at is None, now=at, repo_root=repo_root)
    click.echo(result.report.headline())
    for path in result.paths:
        click.echo(str(path))
    if result.tripped:
        raise CheckFailed("report --fail-on tripped: " + ", ".join(f"{k} ({v})" for k, v in result.tripped.items()))


COMMANDS = [report_command]
