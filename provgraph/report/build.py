"""The graph side of the report: every claim's status streamed and diffed with the previous run, the other
sections from their named queries, and the runs recorded in the graph."""
from __future__ import annotations

import json
import uuid
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pandas as pd

from provgraph.base.errors import NotFound
from provgraph.base.times import native
from provgraph.engine import cites
from provgraph.report import suspects as suspects_section
from provgraph.engine.lineage import lineage
from provgraph.engine.claim_status import ClaimStatus
from provgraph.engine.status import STATUSES, iter_status
from provgraph.graph.connection import Graph
from provgraph.report.files import CsvWriter
from provgraph.report.model import (
    CITING_COLUMNS,
    CHANGE_COLUMNS,
    CHANGE_KINDS,
    DEFAULT_BASELINE,
    EXTERNAL_COLUMNS,
    MAX_LINEAGES,
    MAX_ROWS,
    PreviousRun,
    Report,
    frame_of,
)
from provgraph.views import svg
from provgraph.views.lineage import render_mermaid, render_tree

_CSV_CHUNK = 5000


def applies(claim_scope: str, scope: str) -> bool:
    """A claim belongs to a report for `scope` when it lies inside the scope or covers it (global claims do)."""
    if not scope:
        return True
    claim_scope = claim_scope or ""
    return (claim_scope == "" or claim_scope == scope or claim_scope.startswith(scope + "/")
            or scope.startswith(claim_scope + "/"))


def default_baseline(out: Path | str) -> str:
    """Runs that write to the same directory compare with each other (a nightly job keeps its --out)."""
    return f"dir:{Path(out).resolve()}"


def previous_run(graph: Graph, scope: str = "", baseline: str = DEFAULT_BASELINE,
                 before: datetime | None = None) -> PreviousRun | None:
    """The latest recorded run of `baseline` for `scope` (before `before`, when given)."""
    rows = graph.read("report_previous_run", {"scope": scope or "", "baseline": baseline,
                                                                "before": before})
    if not rows:
        return None
    row = rows[0]
    try:
        raw = json.loads(row["summary"] or "{}")
    except ValueError:
        raw = {}
    statuses = {uid: (pair[0], pair[1]) for uid, pair in raw.items() if isinstance(pair, list) and len(pair) == 2}
    return PreviousRun(uid=row["uid"], ran_at=native(row["ran_at"]), statuses=statuses)


def record_run(graph: Graph, report: Report) -> None:
    """Keep this run in the graph (ReportRun) so the next one can diff against it."""
    summary = json.dumps(report.summary, separators=(",", ":"), sort_keys=True)
    counts = json.dumps(svg.counts_of(report.summary), separators=(",", ":"))
    graph.write("report_record_run",
                {"uid": report.uid, "ran_at": report.ran_at, "scope": report.scope, "baseline": report.baseline,
                 "summary": summary, "counts": counts})
    suspects_section.remember(graph, report.uid, report.suspects.to_dict(orient="records"))


def recorded_counts(graph: Graph, scope: str = "", limit: int = svg.TREND_RUNS,
                    baseline: str = DEFAULT_BASELINE) -> list[tuple[datetime, dict[str, int]]]:
    """Claims per status of the latest `limit` recorded runs of `baseline` for `scope`, oldest first."""
    out = []
    for row in graph.read("report_runs", {"scope": scope or "", "limit": limit, "baseline": baseline}):
        try:
            counts = json.loads(row["counts"]) if row["counts"] else svg.counts_of(json.loads(row["summary"] or "{}"))
        except ValueError:
            continue
        out.append((native(row["ran_at"]), {k: int(v) for k, v in counts.items()}))
    return out[::-1]


class _StoreOf:
    """The store of a source uid (`<store>:<locator>`, docs/schema.md), longest store name first."""

    def __init__(self, graph: Graph) -> None:
        names = [row["store"] for row in graph.read("store_names")]
        self.prefixes = sorted(((name + ":", name) for name in names), key=lambda p: -len(p[0]))

    def __call__(self, source: str | None) -> str:
        if not source:
            return "(none)"
        for prefix, name in self.prefixes:
            if source.startswith(prefix):
                return name
        return "?"


def _claim_row(row: ClaimStatus, store: str, before: tuple[str, str] | None) -> dict[str, Any]:
    return {
        "claim": row.claim, "status": row.status, "reason": row.reason, "scope": row.scope,
        "subject": row.subject, "value": row.value, "store": store, "source": row.source, "path": row.path,
        "aliases": ";".join(row.aliases), "snapshot": row.snapshot,
        "cited": f"{row.location}@{row.snapshot}" if row.source and row.snapshot else None,
        "lines": f"{row.lines[0]}-{row.lines[1]}" if row.lines else None,
        "successors": ";".join(row.successors), "conflicts_with": ";".join(row.conflicts_with),
        "premises_not_current": ";".join(row.premises_not_current),
        "previous_status": before[0] if before else None, "previous_reason": before[1] if before else None,
        "pending": ";".join(row.pending), "amendments": ";".join(row.amendments),
    }


def _change_kind(row: ClaimStatus, before: tuple[str, str] | None) -> str | None:
    if row.status == "STALE" and (before is None or before[0] != "STALE"):
        return "new-stale"
    if row.status == "CONFLICT" and (before is None or before[0] != "CONFLICT"):
        return "new-conflict"
    if row.reason == "UNBOUND" and (before is None or before[1] != "UNBOUND"):
        return "new-unbound"
    if before is not None and (before[0], before[1]) != (row.status, row.reason):
        return "changed"
    return None


def build_report(graph: Graph, *, scope: str | None = None, claims_csv: Path | None = None,
                 now: datetime | None = None, baseline: str = DEFAULT_BASELINE) -> Report:
    """Judge every claim now (or at `now`: `report --at`), diff with the previous run of `baseline` for `scope` (the
    latest before `now` when given), gather the other sections."""
    scope = (scope or "").strip().strip("/")
    ran_at = now or datetime.now(timezone.utc)
    previous = previous_run(graph, scope, baseline, before=now)
    before_all = previous.statuses if previous else {}
    store_of = _StoreOf(graph)

    counts: Counter[str] = Counter()
    per_store: dict[str, Counter[str]] = {}
    summary: dict[str, list[str]] = {}
    changes: list[dict[str, Any]] = []
    chunk: list[dict[str, Any]] = []
    new_claims = 0
    writer = CsvWriter(claims_csv) if claims_csv else None
    try:
        for row in iter_status(graph, at=ran_at):
            if not applies(row.scope, scope):
                continue
            store = store_of(row.source)
            before = before_all.get(row.claim)
            if before is None:
                new_claims += 1
            counts[row.status] += 1
            per_store.setdefault(store, Counter())[row.status] += 1
            summary[row.claim] = [row.status, row.reason]
            kind = _change_kind(row, before)
            if kind:
                changes.append({
                    "claim": row.claim, "change": kind, "before": " ".join(before) if before else None,
                    "status": row.status, "reason": row.reason, "scope": row.scope, "source": row.source,
                    "path": row.path, "successors": ", ".join(row.successors), "conflicts_with": ", ".join(row.conflicts_with),
                    "pending": ", ".join(row.pending), "amendments": ", ".join(row.amendments),
                })
            if writer:
                chunk.append(_claim_row(row, store, before))
                if len(chunk) >= _CSV_CHUNK:
                    writer.write(chunk)
                    chunk = []
        if writer:
            writer.write(chunk)
            writer.finish()
    finally:
        if writer:
            writer.abandon()
    gone_claims = len(set(before_all) - set(summary))

    since = previous.ran_at if previous else None
    unbound = _unbound(graph, [c for c, (s, r) in summary.items() if r == "UNBOUND"], before_all)
    one_sided = frame_of(
        [dict(r, missing_from=", ".join(r["missing_from"]))
         for r in graph.read("one_sided_links")
         if applies(r["successor_scope"], scope) or applies(r["predecessor_scope"], scope)],
        ["successor", "predecessor", "kind", "recorded_by", "missing_from"],
    )
    source_counts: dict[str, int] = {"new": 0, "revised": 0, "deleted": 0}
    listed: list[dict[str, Any]] = []
    for group in graph.read("report_sources_changed", {"since": since, "limit": MAX_ROWS}):
        source_counts[group["change"]] = group["snapshots"]
        if group["change"] != "new":
            listed.extend(dict(r, change=group["change"]) for r in group["rows"])
    sources_changed = frame_of(listed, ["change", "store", "source", "revised_at", "observed_at", "sha256"])
    findings = graph.read("report_findings", {"since": since, "kinds": ["log_rewrite"], "limit": MAX_ROWS})[0]

    order = {kind: i for i, kind in enumerate(CHANGE_KINDS)}
    changes.sort(key=lambda c: (order[c["change"]], c["claim"]))
    report = Report(
        uid=f"report:{ran_at.strftime('%Y%m%dT%H%M%S%fZ')}:{uuid.uuid4().hex[:8]}",
        ran_at=ran_at,
        scope=scope,
        previous=previous,
        claims=sum(counts.values()),
        counts=pd.DataFrame({"status": list(STATUSES), "claims": [counts.get(s, 0) for s in STATUSES]}),
        by_store=frame_of(
            [{"store": store, **{s: c.get(s, 0) for s in STATUSES}, "total": sum(c.values())}
             for store, c in sorted(per_store.items())],
            ["store", *STATUSES, "total"],
        ),
        changes=frame_of(changes, CHANGE_COLUMNS),
        new_claims=new_claims,
        gone_claims=gone_claims,
        unbound=unbound,
        one_sided=one_sided,
        sources_changed=sources_changed,
        source_counts=source_counts,
        log_rewrites=frame_of(findings["finding_rows"], ["store", "subject", "detail", "observed_at"]),
        log_rewrite_count=findings["findings"],
        quarantined=frame_of(findings["quarantine_rows"], ["store", "file", "line", "reason", "observed_at"]),
        quarantined_count=findings["quarantined"],
        summary=summary,
        baseline=baseline,
        external=frame_of(
            [dict(r, recorded_by=", ".join(r["recorded_by"] or [])) for r in
             graph.read("external_references", {"t": ran_at}) if applies(r["claim_scope"], scope)],
            EXTERNAL_COLUMNS),
        suspects=frame_of(suspects_section.report_rows(graph, scope, previous.uid if previous else None),
                        suspects_section.REPORT_COLUMNS),
        citing=frame_of(cites.counts_by_store(cites.findings(graph, at=ran_at)), CITING_COLUMNS),
    )
    report.trend = recorded_counts(graph, scope, svg.TREND_RUNS - 1, baseline) + [(ran_at, {s: counts.get(s, 0) for s in STATUSES})]
    _add_lineages(graph, report)
    return report


def _unbound(graph: Graph, placeholders: list[str], before: dict[str, tuple[str, str]]) -> pd.DataFrame:
    wanted = set(placeholders)
    referrers: dict[str, list[str]] = {uid: [] for uid in placeholders}
    kinds: dict[str, set[str]] = {uid: set() for uid in placeholders}
    if wanted:
        for row in graph.stream("unresolved_references"):
            uid = row["placeholder"]
            if uid in wanted and row["referrer"]:
                referrers[uid].append(row["referrer"])
                kinds[uid].add(row["kind"])
    rows = [{"claim": uid, "referenced_by": ", ".join(sorted(set(referrers[uid]))), "kinds": ", ".join(sorted(kinds[uid])),
             "new": before.get(uid, ("", ""))[1] != "UNBOUND"} for uid in sorted(wanted)]
    return frame_of(rows, ["claim", "referenced_by", "kinds", "new"])


def _add_lineages(graph: Graph, report: Report) -> None:
    wanted = [c for c in report.changes.to_dict(orient="records") if c["change"] in ("new-stale", "new-conflict", "changed")]
    for change in wanted[:MAX_LINEAGES]:
        try:
            view = lineage(graph, change["claim"], at=report.ran_at)
        except NotFound:  # removed between the status stream and now
            continue
        report.lineages.append((change["claim"], render_mermaid(view), render_tree(view)))
        report.views[change["claim"]] = view
    report.lineages_left_out = max(0, len(wanted) - MAX_LINEAGES)
