"""The nightly staleness report: what holds now, and what changed since the previous run.

`build_report()` streams every claim's status (`iter_status`, so memory stays bounded by the
number of claims' uids, not their rows), counts it per status and per store, writes the
claim table to `claims.csv` chunk by chunk, and diffs against the previous `ReportRun`
recorded in the graph for the same scope. The other sections come from named queries
(`report_*.cypher`, `one_sided_links.cypher`). Everything is a pandas DataFrame until the
last step, where `render_markdown()` / `render_html()` / `to_json()` turn one list of
blocks into files. `run_report()` does all of it and records the run.

Diff semantics: a run compares with the previous run of the same *baseline* and scope
(`--baseline NAME`; by default the output directory, so an ad-hoc `--out /tmp/x` never becomes
the nightly job's baseline; `--no-record` leaves no run behind). The first run of a baseline
compares against nothing, so everything it finds counts as new. `new-stale` / `new-conflict` trip `--fail-on` for claims that are STALE /
CONFLICT now and were not at the previous run; `unbound` and `one-sided` trip whenever any
exist (they are hygiene problems that stay until someone fixes the records); `new-suspect` trips for
possible unlinked revisions (`provgraph suspects`) the previous run did not list.
"""
from __future__ import annotations

import html
import json
import os
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable

import pandas as pd

from provgraph import cypher
from provgraph import suspects as suspects_module
from provgraph.errors import NotFound, UsageError
from provgraph.display import STATUS_COLOURS
from provgraph.escape import markdown_text, write_csv
from provgraph.graph.connection import Graph
from provgraph.ingest.times import to_iso
from provgraph.lineage import Lineage, lineage, render_mermaid, render_tree
from provgraph import report_svg
from provgraph.status import STATUSES, ClaimStatus, iter_status
from provgraph.values import jsonable, native

FORMATS = ("md", "html", "csv", "json")
FAIL_ON = ("new-conflict", "new-stale", "unbound", "one-sided", "new-suspect")
FILES = {"md": "report.md", "html": "report.html", "csv": "claims.csv", "json": "report.json"}
CLAIM_COLUMNS = ["claim", "status", "reason", "scope", "subject", "value", "store", "source", "snapshot", "cited",
                 "lines", "successors", "conflicts_with", "premises_not_current", "previous_status", "previous_reason",
                 "pending", "amendments"]
CHANGE_COLUMNS = ["claim", "change", "before", "status", "reason", "scope", "source", "successors", "conflicts_with",
                  "pending", "amendments"]
CHANGE_KINDS = ("new-stale", "new-conflict", "new-unbound", "changed")

EXTERNAL_COLUMNS = ["claim", "verb", "target", "recorded_by"]
DEFAULT_BASELINE = "default"  # build_report's; run_report defaults to the output directory (default_baseline)

MAX_ROWS = 200  # rows per table in report.md / report.html; claims.csv and report.json hold everything
MAX_LINEAGES = 20  # Mermaid diagrams per report
_CSV_CHUNK = 5000


@dataclass(frozen=True)
class PreviousRun:
    uid: str
    ran_at: datetime
    statuses: dict[str, tuple[str, str]]


@dataclass
class Report:
    """One report: every table as a DataFrame, nothing rendered yet."""

    uid: str
    ran_at: datetime
    scope: str  # '' = the whole graph
    previous: PreviousRun | None
    claims: int
    counts: pd.DataFrame  # status, claims
    by_store: pd.DataFrame  # store, ACTIVE, STALE, CONFLICT, UNKNOWN, total
    changes: pd.DataFrame  # CHANGE_COLUMNS
    new_claims: int
    gone_claims: int
    unbound: pd.DataFrame  # claim, referenced_by, kinds, new
    one_sided: pd.DataFrame  # successor, predecessor, kind, recorded_by, missing_from
    sources_changed: pd.DataFrame  # change, store, source, revised_at, observed_at, sha256
    source_counts: dict[str, int]  # new / revised / deleted -> snapshots
    log_rewrites: pd.DataFrame  # store, subject, detail, observed_at
    log_rewrite_count: int
    quarantined: pd.DataFrame  # store, file, line, reason, observed_at
    quarantined_count: int
    lineages: list[tuple[str, str, str]] = field(default_factory=list)  # (claim, mermaid source, text tree)
    lineages_left_out: int = 0
    summary: dict[str, list[str]] = field(default_factory=dict, repr=False)  # claim -> [status, reason]
    baseline: str = DEFAULT_BASELINE
    external: pd.DataFrame = field(default_factory=lambda: _frame([], EXTERNAL_COLUMNS))  # lineage links to non-ingested things
    suspects: pd.DataFrame = field(default_factory=lambda: _frame([], suspects_module.REPORT_COLUMNS))
    views: dict[str, Lineage] = field(default_factory=dict, repr=False)  # claim -> its lineage, for the pictures
    trend: list[tuple[datetime, dict[str, int]]] = field(default_factory=list)  # recorded runs then this one, oldest first

    def changed(self, kind: str) -> pd.DataFrame:
        return self.changes[self.changes["change"] == kind]

    def tripped(self, fail_on: Iterable[str]) -> dict[str, int]:
        """The --fail-on conditions that hold, with how many things tripped each."""
        found = {
            "new-stale": len(self.changed("new-stale")),
            "new-conflict": len(self.changed("new-conflict")),
            "unbound": len(self.unbound),
            "one-sided": len(self.one_sided),
            "new-suspect": int(self.suspects["new"].sum()) if len(self.suspects) else 0,
        }
        return {name: found[name] for name in fail_on if found[name]}

    def headline(self) -> str:
        since = f"since {to_iso(self.previous.ran_at)}" if self.previous else "first run"
        parts = [f"{len(self.changed(kind))} {label}" for kind, label in
                 (("new-stale", "newly STALE"), ("new-conflict", "new CONFLICT"), ("new-unbound", "new UNBOUND"))]
        parts.append(f"{len(self.one_sided)} one-sided link(s)")
        new_suspects = int(self.suspects["new"].sum()) if len(self.suspects) else 0
        parts.append(f"{new_suspects} new possible unlinked revision(s)")
        return f"{self.claims} claims; {since}: " + ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        def rows(frame: pd.DataFrame) -> list[dict[str, Any]]:
            return [{k: jsonable(v) for k, v in row.items()} for row in frame.to_dict(orient="records")]

        return {
            "run": self.uid,
            "ran_at": to_iso(self.ran_at),
            "scope": self.scope,
            "baseline": self.baseline,
            "previous": {"run": self.previous.uid, "ran_at": to_iso(self.previous.ran_at)} if self.previous else None,
            "claims": self.claims,
            "counts": {row["status"]: int(row["claims"]) for row in self.counts.to_dict(orient="records")},
            "by_store": rows(self.by_store),
            "changes": {kind: rows(self.changed(kind)) for kind in CHANGE_KINDS},
            "new_claims": self.new_claims,
            "gone_claims": self.gone_claims,
            "unbound": rows(self.unbound),
            "external": rows(self.external),
            "one_sided": rows(self.one_sided),
            "suspects": rows(self.suspects),
            "sources_changed": {"counts": dict(self.source_counts), "listed": rows(self.sources_changed)},
            "log_rewrites": {"count": self.log_rewrite_count, "listed": rows(self.log_rewrites)},
            "quarantined": {"count": self.quarantined_count, "listed": rows(self.quarantined)},
            "lineages": [{"claim": claim, "mermaid": source, "tree": tree} for claim, source, tree in self.lineages],
            "trend": [{"ran_at": to_iso(ran_at), "counts": counts} for ran_at, counts in self.trend],
        }


@dataclass(frozen=True)
class ReportResult:
    report: Report
    paths: list[Path]
    tripped: dict[str, int]


# -- options ------------------------------------------------------------------------------------

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


def _applies(claim_scope: str, scope: str) -> bool:
    """A claim belongs to a report for `scope` when it lies inside the scope or covers it (global claims do)."""
    if not scope:
        return True
    claim_scope = claim_scope or ""
    return (claim_scope == "" or claim_scope == scope or claim_scope.startswith(scope + "/")
            or scope.startswith(claim_scope + "/"))


# -- the graph side -----------------------------------------------------------------------------

def default_baseline(out: Path | str) -> str:
    """Runs that write to the same directory compare with each other (a nightly job keeps its --out)."""
    return f"dir:{Path(out).resolve()}"


def previous_run(graph: Graph, scope: str = "", baseline: str = DEFAULT_BASELINE) -> PreviousRun | None:
    rows = graph.read(cypher.load("report_previous_run").text, {"scope": scope or "", "baseline": baseline})
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
    counts = json.dumps(report_svg.counts_of(report.summary), separators=(",", ":"))
    graph.write(cypher.load("report_record_run").text,
                {"uid": report.uid, "ran_at": report.ran_at, "scope": report.scope, "baseline": report.baseline,
                 "summary": summary, "counts": counts})
    suspects_module.remember(graph, report.uid, report.suspects.to_dict(orient="records"))


def recorded_counts(graph: Graph, scope: str = "", limit: int = report_svg.TREND_RUNS) -> list[tuple[datetime, dict[str, int]]]:
    """Claims per status of the latest `limit` recorded runs for `scope`, oldest first."""
    out = []
    for row in graph.read(cypher.load("report_runs").text, {"scope": scope or "", "limit": limit}):
        try:
            counts = json.loads(row["counts"]) if row["counts"] else report_svg.counts_of(json.loads(row["summary"] or "{}"))
        except ValueError:
            continue
        out.append((native(row["ran_at"]), {k: int(v) for k, v in counts.items()}))
    return out[::-1]


class _StoreOf:
    """The store of a source uid (`<store>:<locator>`, docs/schema.md), longest store name first."""

    def __init__(self, graph: Graph) -> None:
        names = [row["store"] for row in graph.read(cypher.load("store_names").text)]
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
        "subject": row.subject, "value": row.value, "store": store, "source": row.source, "snapshot": row.snapshot,
        "cited": f"{row.source}@{row.snapshot}" if row.source and row.snapshot else None,
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
    """Judge every claim now, diff with the previous run of `baseline` for `scope`, gather the other sections."""
    scope = (scope or "").strip().strip("/")
    ran_at = now or datetime.now(timezone.utc)
    previous = previous_run(graph, scope, baseline)
    before_all = previous.statuses if previous else {}
    store_of = _StoreOf(graph)

    counts: Counter[str] = Counter()
    per_store: dict[str, Counter[str]] = {}
    summary: dict[str, list[str]] = {}
    changes: list[dict[str, Any]] = []
    chunk: list[dict[str, Any]] = []
    new_claims = 0
    writer = _CsvWriter(claims_csv) if claims_csv else None
    try:
        for row in iter_status(graph, at=ran_at):
            if not _applies(row.scope, scope):
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
                    "successors": ", ".join(row.successors), "conflicts_with": ", ".join(row.conflicts_with),
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
    one_sided = _frame(
        [dict(r, missing_from=", ".join(r["missing_from"]))
         for r in graph.read(cypher.load("one_sided_links").text)
         if _applies(r["successor_scope"], scope) or _applies(r["predecessor_scope"], scope)],
        ["successor", "predecessor", "kind", "recorded_by", "missing_from"],
    )
    source_counts: dict[str, int] = {"new": 0, "revised": 0, "deleted": 0}
    listed: list[dict[str, Any]] = []
    for group in graph.read(cypher.load("report_sources_changed").text, {"since": since, "limit": MAX_ROWS}):
        source_counts[group["change"]] = group["snapshots"]
        if group["change"] != "new":
            listed.extend(dict(r, change=group["change"]) for r in group["rows"])
    sources_changed = _frame(listed, ["change", "store", "source", "revised_at", "observed_at", "sha256"])
    findings = graph.read(cypher.load("report_findings").text, {"since": since, "kinds": ["log_rewrite"], "limit": MAX_ROWS})[0]

    order = {kind: i for i, kind in enumerate(CHANGE_KINDS)}
    changes.sort(key=lambda c: (order[c["change"]], c["claim"]))
    report = Report(
        uid=f"report:{ran_at.strftime('%Y%m%dT%H%M%S%fZ')}:{uuid.uuid4().hex[:8]}",
        ran_at=ran_at,
        scope=scope,
        previous=previous,
        claims=sum(counts.values()),
        counts=pd.DataFrame({"status": list(STATUSES), "claims": [counts.get(s, 0) for s in STATUSES]}),
        by_store=_frame(
            [{"store": store, **{s: c.get(s, 0) for s in STATUSES}, "total": sum(c.values())}
             for store, c in sorted(per_store.items())],
            ["store", *STATUSES, "total"],
        ),
        changes=_frame(changes, CHANGE_COLUMNS),
        new_claims=new_claims,
        gone_claims=gone_claims,
        unbound=unbound,
        one_sided=one_sided,
        sources_changed=sources_changed,
        source_counts=source_counts,
        log_rewrites=_frame(findings["finding_rows"], ["store", "subject", "detail", "observed_at"]),
        log_rewrite_count=findings["findings"],
        quarantined=_frame(findings["quarantine_rows"], ["store", "file", "line", "reason", "observed_at"]),
        quarantined_count=findings["quarantined"],
        summary=summary,
        baseline=baseline,
        external=_frame(
            [dict(r, recorded_by=", ".join(r["recorded_by"] or [])) for r in
             graph.read(cypher.load("external_references").text, {"t": ran_at}) if _applies(r["claim_scope"], scope)],
            EXTERNAL_COLUMNS),
        suspects=_frame(suspects_module.report_rows(graph, scope, previous.uid if previous else None),
                        suspects_module.REPORT_COLUMNS),
    )
    report.trend = recorded_counts(graph, scope, report_svg.TREND_RUNS - 1) + [(ran_at, {s: counts.get(s, 0) for s in STATUSES})]
    _add_lineages(graph, report)
    return report


def _unbound(graph: Graph, placeholders: list[str], before: dict[str, tuple[str, str]]) -> pd.DataFrame:
    wanted = set(placeholders)
    referrers: dict[str, list[str]] = {uid: [] for uid in placeholders}
    kinds: dict[str, set[str]] = {uid: set() for uid in placeholders}
    if wanted:
        for row in graph.stream(cypher.load("unresolved_references").text):
            uid = row["placeholder"]
            if uid in wanted and row["referrer"]:
                referrers[uid].append(row["referrer"])
                kinds[uid].add(row["kind"])
    rows = [{"claim": uid, "referenced_by": ", ".join(sorted(set(referrers[uid]))), "kinds": ", ".join(sorted(kinds[uid])),
             "new": before.get(uid, ("", ""))[1] != "UNBOUND"} for uid in sorted(wanted)]
    return _frame(rows, ["claim", "referenced_by", "kinds", "new"])


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


# -- rendering ------------------------------------------------------------------------------------

def _blocks(report: Report, tripped: dict[str, int]) -> list[tuple[str, Any]]:
    """The report as a list of (kind, content) blocks that both the Markdown and HTML renderers walk."""
    b: list[tuple[str, Any]] = [("h1", "provgraph report")]
    scope = report.scope or "(whole graph)"
    if report.previous:
        b.append(("p", f"Ran at {to_iso(report.ran_at)} for scope {scope}; compared with the run of "
                       f"{to_iso(report.previous.ran_at)} ({report.previous.uid}, baseline {report.baseline})."))
    else:
        b.append(("p", f"Ran at {to_iso(report.ran_at)} for scope {scope}. First run for this scope and baseline "
                       f"{report.baseline}: there is nothing to compare with, so everything found counts as new."))
    if tripped:
        b.append(("alert", "--fail-on tripped: " + ", ".join(f"{k} ({v})" for k, v in tripped.items())))

    b.append(("h2", "Summary"))
    b.append(("p", f"{report.claims} claims; {report.new_claims} new since the previous run, "
                   f"{report.gone_claims} gone. Every claim with its status is in claims.csv."))
    b.append(("table", (report.counts, "")))
    b.append(("trend", report.trend))
    b.append(("h3", "Per store"))
    b.append(("table", (report.by_store, "no claims")))

    since = f"since {to_iso(report.previous.ran_at)}" if report.previous else "(first run)"
    b.append(("h2", f"What changed {since}"))
    sections = [
        ("new-stale", "Newly STALE", "nothing newly stale"),
        ("new-conflict", "New CONFLICTs", "no new conflicts"),
    ]
    for kind, title, empty in sections:
        frame = report.changed(kind)
        b.append(("h3", f"{title} ({len(frame)})"))
        b.append(("table", (frame.drop(columns=["change"]), empty)))
    new_unbound = int(report.unbound["new"].sum()) if len(report.unbound) else 0
    b.append(("h3", f"UNBOUND references ({len(report.unbound)}, {new_unbound} new)"))
    b.append(("p", "Records refer to these ids, but nothing with that id was ingested."))
    b.append(("table", (report.unbound, "no unresolved references")))
    b.append(("h3", f"External references ({len(report.external)})"))
    b.append(("p", "Lineage links (source, cites, uses, ...) to things never ingested, such as a runbook URL. "
                   "They are not claims: no status, and they never trip --fail-on unbound."))
    b.append(("table", (report.external, "no external references")))
    other = report.changed("changed")
    if len(other):
        b.append(("h3", f"Other status changes ({len(other)})"))
        b.append(("table", (other.drop(columns=["change"]), "")))
    b.append(("h3", f"One-sided links ({len(report.one_sided)})"))
    b.append(("p", "A supersession or correction between two Markdown records that only one of them records."))
    b.append(("table", (report.one_sided, "no one-sided links")))
    new_suspects = int(report.suspects["new"].sum()) if len(report.suspects) else 0
    b.append(("h3", f"Possible unlinked revisions ({len(report.suspects)}, {new_suspects} new)"))
    b.append(("p", "A later claim says the same as an earlier one and nothing links them (`provgraph suspects`). "
                   "Confirm: `provgraph adjudicate --keep LATER --retire EARLIER`; dismiss: "
                   "`provgraph adjudicate --distinct EARLIER LATER --why TEXT`."))
    b.append(("table", (report.suspects, "no possible unlinked revisions")))
    counts = report.source_counts
    b.append(("h3", f"Sources revised or deleted ({counts.get('revised', 0)} revised, {counts.get('deleted', 0)} deleted)"))
    b.append(("p", f"New sources are counted, not listed: {counts.get('new', 0)}."))
    b.append(("table", (report.sources_changed, "no source revised or deleted")))
    b.append(("h3", f"Log rewrites ({report.log_rewrite_count})"))
    b.append(("table", (report.log_rewrites, "no log was rewritten")))
    b.append(("h3", f"Quarantined records ({report.quarantined_count})"))
    b.append(("table", (report.quarantined, "nothing quarantined")))

    if report.lineages:
        b.append(("h2", "Lineage of changed claims"))
        for claim, source, tree in report.lineages:
            b.append(("h3", claim))
            b.append(("mermaid", (source, tree, claim)))
        if report.lineages_left_out:
            b.append(("p", f"{report.lineages_left_out} more changed claim(s); see `provgraph lineage ID --format mermaid`."))
    return b


def _cell(value: Any) -> str:
    value = jsonable(value)
    if value is None or value == "":
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return " ".join(str(value).split())


_md_escape = markdown_text  # ids and text in report.md: the one Markdown-escape rule (provgraph.escape)


def _shown(frame: pd.DataFrame) -> tuple[pd.DataFrame, int]:
    return frame.head(MAX_ROWS), max(0, len(frame) - MAX_ROWS)


def render_markdown(report: Report, tripped: dict[str, int] | None = None) -> str:
    out: list[str] = []
    for kind, content in _blocks(report, tripped or {}):
        if kind == "h1":
            out.append(f"# {content}\n")
        elif kind == "h2":
            out.append(f"## {_md_escape(content)}\n")
        elif kind == "h3":
            out.append(f"### {_md_escape(content)}\n")
        elif kind == "p":
            out.append(_md_escape(content) + "\n")
        elif kind == "alert":
            out.append(f"> **{_md_escape(content)}**\n")
        elif kind == "mermaid":
            out.append("```mermaid\n" + content[0] + "\n```\n")
        elif kind == "trend":
            if len(content) > 1:
                out.append(f"Claims per status over the last {len(content)} runs: "
                           + "; ".join(f"{(to_iso(t) or '')[:16]} " + " ".join(f"{c.get(s, 0)} {s}" for s in STATUSES if c.get(s))
                                       for t, c in content[-5:]) + (" (latest 5)" if len(content) > 5 else "") + "\n")
        elif kind == "table":
            frame, empty = content
            if not len(frame):
                out.append(f"_{empty}_\n" if empty else "")
                continue
            shown, more = _shown(frame)
            lines = ["| " + " | ".join(_md_escape(str(c)) for c in shown.columns) + " |",
                     "|" + "|".join("---" for _ in shown.columns) + "|"]
            for row in shown.itertuples(index=False):
                lines.append("| " + " | ".join(_md_escape(_cell(v)) for v in row) + " |")
            if more:
                lines.append(f"\n_{more} more rows in report.json / claims.csv_")
            out.append("\n".join(lines) + "\n")
    return "\n".join(out)


_STYLE = """
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 2rem auto; max-width: 72rem; color: #222; padding: 0 1rem; }
h1 { border-bottom: 2px solid #444; } h2 { border-bottom: 1px solid #bbb; margin-top: 2rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .9rem; }
th, td { border: 1px solid #ccc; padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: #f2f2f2; } .empty { color: #777; font-style: italic; }
.alert { background: #ffd6d6; border: 1px solid #c62828; padding: .5rem 1rem; font-weight: bold; }
pre.tree { background: #fbfbf4; border: 1px solid #ddd; padding: .75rem; overflow-x: auto; font-size: .85rem; }
pre.mermaid { background: #f7f7f7; border: 1px solid #ddd; padding: .75rem; overflow-x: auto; font-size: .8rem; }
figure { margin: .5rem 0 1rem; } figure svg { max-width: 100%; height: auto; } figcaption { color: #555; font-size: .85rem; }
""" + " ".join(f"td.{status} {{ background: {fill}; }}" for status, (fill, _, _) in STATUS_COLOURS.items()) + "\n"


def render_html(report: Report, tripped: dict[str, int] | None = None) -> str:
    """Self-contained HTML: inline CSS and SVG, no scripts, no external links; lineage drawn by Graphviz when installed."""
    e = html.escape
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>provgraph report {e(to_iso(report.ran_at) or '')}</title>", f"<style>{_STYLE}</style></head><body>"]
    for kind, content in _blocks(report, tripped or {}):
        if kind in ("h1", "h2", "h3"):
            out.append(f"<{kind}>{e(content)}</{kind}>")
        elif kind == "p":
            out.append(f"<p>{e(content)}</p>")
        elif kind == "alert":
            out.append(f'<p class="alert">{e(content)}</p>')
        elif kind == "trend":
            chart = report_svg.trend_svg(content)
            if chart:
                out.append(f'<figure class="trend">{chart}<figcaption>Claims per status over the last {len(content)} '
                           "report run(s) for this scope: the recorded ones, then this one.</figcaption></figure>")
        elif kind == "mermaid":
            source, tree, claim = content
            view = report.views.get(claim)
            picture = report_svg.lineage_svg(view, f"lineage{len(out)}") if view else None
            if picture:
                out.append(f'<figure class="lineage">{picture}<figcaption>Lineage of {e(claim)}: arrows go from a claim '
                           "to the one it revises or rests on; the thick box is this claim.</figcaption></figure>")
            elif view:
                out.append(f'<p class="empty">{e(report_svg.no_picture(view))}</p>')
            out.append(f'<pre class="tree">{e(tree)}</pre>')
            out.append("<details><summary>Mermaid source (renders in report.md on GitHub, or paste into a Mermaid viewer)"
                       f'</summary><pre class="mermaid">{e(source)}</pre></details>')
        elif kind == "table":
            frame, empty = content
            if not len(frame):
                if empty:
                    out.append(f'<p class="empty">{e(empty)}</p>')
                continue
            shown, more = _shown(frame)
            out.append("<table><thead><tr>" + "".join(f"<th>{e(str(c))}</th>" for c in shown.columns) + "</tr></thead><tbody>")
            for row in shown.itertuples(index=False):
                cells = []
                for column, value in zip(shown.columns, row):
                    text = _cell(value)
                    css = f' class="{text}"' if column in ("status", "ACTIVE", "STALE", "CONFLICT", "UNKNOWN") and text in STATUSES else ""
                    cells.append(f"<td{css}>{e(text)}</td>")
                out.append("<tr>" + "".join(cells) + "</tr>")
            out.append("</tbody></table>")
            if more:
                out.append(f'<p class="empty">{more} more rows in report.json / claims.csv</p>')
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def to_json(report: Report, tripped: dict[str, int] | None = None) -> str:
    data = report.to_dict()
    data["tripped"] = dict(tripped or {})
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# -- one call -------------------------------------------------------------------------------------

def run_report(graph: Graph, out: Path | str = "provgraph-report", *, scope: str | None = None,
               formats: str | Iterable[str] | None = None, fail_on: str | Iterable[str] | None = None,
               record: bool = True, now: datetime | None = None, baseline: str | None = None) -> ReportResult:
    """Build the report, write the files for `formats` into `out`, record the run; say what tripped.

    The run diffs against the previous run of `baseline` (default: `default_baseline(out)`) and,
    unless `record` is false, becomes that baseline's latest run.
    """
    baseline = (baseline or "").strip() or default_baseline(out)
    chosen = parse_list(formats, FORMATS, "--format") if formats is not None else list(FORMATS)
    if not chosen:
        raise UsageError("--format: name at least one of " + ", ".join(FORMATS))
    conditions = parse_list(fail_on, FAIL_ON, "--fail-on")
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: exists and is not a folder")
    # --out is created only once the database has answered (build_report reads before it writes claims.csv)
    report = build_report(graph, scope=scope, claims_csv=out / FILES["csv"] if "csv" in chosen else None, now=now,
                          baseline=baseline)
    tripped = report.tripped(conditions)
    paths: list[Path] = []
    renderers = {"md": render_markdown, "html": render_html, "json": to_json}
    _make_out(out)
    for fmt in FORMATS:
        if fmt not in chosen:
            continue
        path = out / FILES[fmt]
        if fmt in renderers:
            _write_text(path, renderers[fmt](report, tripped))
        paths.append(path)
    if record:
        record_run(graph, report)
    return ReportResult(report=report, paths=paths, tripped=tripped)


# -- small helpers --------------------------------------------------------------------------------

class _CsvWriter:
    """claims.csv written in chunks to a temporary file, renamed into place only when complete."""

    def __init__(self, path: Path) -> None:
        _make_out(path.parent)
        self.path = path
        self.partial = path.with_name(path.name + ".partial")
        self.handle = open(self.partial, "w", encoding="utf-8", newline="")
        self.header = True
        self.done = False

    def write(self, rows: list[dict[str, Any]]) -> None:
        if not rows and not self.header:
            return
        # spreadsheet-safe cells (provgraph.escape): a claim's text must not become a formula
        write_csv(self.handle, CLAIM_COLUMNS if self.header else None, ([row.get(c) for c in CLAIM_COLUMNS] for row in rows))
        self.header = False

    def finish(self) -> None:
        self.handle.close()
        os.replace(self.partial, self.path)
        self.done = True

    def abandon(self) -> None:
        if not self.done:
            self.handle.close()
            self.partial.unlink(missing_ok=True)


def _make_out(out: Path) -> None:
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"--out {out}: {error.strerror or error}") from None


def _write_text(path: Path, text: str) -> None:
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)


def _frame(rows: list[dict[str, Any]], columns: list[str]) -> pd.DataFrame:
    frame = pd.DataFrame.from_records([{c: r.get(c) for c in columns} for r in rows], columns=columns)
    return frame.astype(object).where(frame.notna(), None) if len(frame) else frame


__all__ = ["FAIL_ON", "FORMATS", "Report", "ReportResult", "build_report", "default_baseline", "parse_list", "previous_run", "record_run",
           "render_html", "render_markdown", "run_report", "to_json"]
