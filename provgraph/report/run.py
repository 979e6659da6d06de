"""`run_report()`: build the report, write its files, record the run, say what tripped --fail-on."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable

from provgraph.base.errors import UsageError
from provgraph.graph.connection import Graph
from provgraph.graph.schema import ensure_schema, require_schema
from provgraph.report.build import build_report, default_baseline, record_run
from provgraph.report.files import make_out, publish, staged, write_text
from provgraph.report.model import DEFAULT_FORMATS, FAIL_ON, FILES, FORMATS, ReportResult
from provgraph.report.render import render_html, render_markdown, to_json
from provgraph.report.sarif import render_sarif


def parse_list(text: str | Iterable[str] | None, allowed: tuple[str, ...], option: str) -> list[str]:
    """A comma-separated option (or a list) checked against `allowed`, order kept, duplicates dropped."""
    if text is None:
        return []
    parts = text.split(",") if isinstance(text, str) else list(text)
    wanted = list(dict.fromkeys(p.strip().lower() for p in parts if p and p.strip()))
    unknown = [p for p in wanted if p not in allowed]
    if unknown:
        raise UsageError(f"{option}: unknown value {', '.join(unknown)} (choose from {', '.join(allowed)})")
    return wanted


def run_report(graph: Graph, out: Path | str = "provgraph-report", *, scope: str | None = None,
               formats: str | Iterable[str] | None = None, fail_on: str | Iterable[str] | None = None,
               record: bool = True, now: datetime | None = None, baseline: str | None = None,
               repo_root: Path | str | None = None) -> ReportResult:
    """Build the report, write the files for `formats` into `out`, record the run; say what tripped.

    The run diffs against the previous run of `baseline` (default: `default_baseline(out)`) and,
    unless `record` is false, becomes that baseline's latest run. `now` reproduces the report of a past instant:
    statuses at that instant, compared with the run recorded before it; such a report is never recorded.
    `repo_root`: what report.sarif's file locations are relative to (default: the folder each store's ingest ran from).
    """
    if now is not None and now < datetime.now(timezone.utc):
        record = False
    baseline = (baseline or "").strip() or default_baseline(out)
    chosen = parse_list(formats, FORMATS, "--format") if formats is not None else list(DEFAULT_FORMATS)
    if not chosen:
        raise UsageError("--format: name at least one of " + ", ".join(FORMATS))
    conditions = parse_list(fail_on, FAIL_ON, "--fail-on")
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: exists and is not a folder")
    if record:
        ensure_schema(graph)  # recording the run is a write: a new database gets the schema first
    else:
        require_schema(graph)
    renderers = {"md": render_markdown, "html": render_html, "json": to_json}
    with staged(out) as staging:  # every file is written beside --out, then moved in: a failure leaves no half-written folder
        report = build_report(graph, scope=scope, claims_csv=staging / FILES["csv"] if "csv" in chosen else None,
                              now=now, baseline=baseline)
        tripped = report.tripped(conditions)
        make_out(staging)
        for fmt in chosen:
            if fmt in renderers:
                write_text(staging / FILES[fmt], renderers[fmt](report, tripped))
            elif fmt == "sarif":
                write_text(staging / FILES[fmt], render_sarif(report, graph, Path(repo_root) if repo_root else None))
        publish(staging, out)
    paths = [out / FILES[fmt] for fmt in FORMATS if fmt in chosen]
    if record:
        record_run(graph, report)
    return ReportResult(report=report, paths=paths, tripped=tripped)
