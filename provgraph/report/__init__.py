"""The nightly staleness report: what holds now, and what changed since the previous run.

`build_report()` streams every claim's status (`iter_status`, so memory stays bounded by the
number of claims' uids, not their rows), counts it per status and per store, writes the
claim table to `claims.csv` chunk by chunk, and diffs against the previous `ReportRun`
recorded in the graph for the same scope. The other sections come from named queries
(`report_*.cypher`, `one_sided_links.cypher`). Everything is a pandas DataFrame until the
last step, where `render_markdown()` / `render_html()` / `to_json()` turn one list of
blocks into files. `run_report()` does all of it and records the run.

The package splits the work by job: `model` (the Report and its tables), `build` (the graph side:
statuses, diff, the other sections, the recorded runs), `render` (Markdown, HTML, JSON), `sarif` (report.sarif for code scanning), `files`
(claims.csv in chunks, every file written whole or not at all) and `run` (one call for all of it).

Diff semantics: a run compares with the previous run of the same *baseline* and scope
(`--baseline NAME`; by default the output directory, so an ad-hoc `--out /tmp/x` never becomes
the nightly job's baseline; `--no-record` leaves no run behind). The first run of a baseline
compares against nothing, so everything it finds counts as new. `new-stale` / `new-conflict` trip `--fail-on` for claims that are STALE /
CONFLICT now and were not at the previous run; `unbound` and `one-sided` trip whenever any
exist (they are hygiene problems that stay until someone fixes the records); `new-suspect` trips for
possible unlinked revisions (`provgraph suspects`) the previous run did not list.
"""
from __future__ import annotations

from provgraph.report.build import build_report, default_baseline, previous_run, record_run, recorded_counts
from provgraph.report.model import (
    CHANGE_COLUMNS,
    CHANGE_KINDS,
    CLAIM_COLUMNS,
    DEFAULT_BASELINE,
    DEFAULT_FORMATS,
    FAIL_ON,
    FILES,
    FORMATS,
    MAX_LINEAGES,
    MAX_ROWS,
    PreviousRun,
    Report,
    ReportResult,
)
from provgraph.report.render import render_html, render_markdown, to_json
from provgraph.report.run import parse_list, run_report

__all__ = ["CHANGE_COLUMNS", "CHANGE_KINDS", "CLAIM_COLUMNS", "DEFAULT_BASELINE", "DEFAULT_FORMATS", "FAIL_ON", "FILES", "FORMATS",
           "MAX_LINEAGES", "MAX_ROWS", "PreviousRun", "Report", "ReportResult", "build_report", "default_baseline",
           "parse_list", "previous_run", "record_run", "recorded_counts", "render_html", "render_markdown", "run_report",
           "to_json"]
