"""The report as data: every table a pandas DataFrame, nothing rendered yet (`provgraph.report`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Iterable

import pandas as pd

from provgraph.base.times import to_iso
from provgraph.base.values import jsonable
from provgraph.report import suspects as suspects_section
from provgraph.engine.lineage import Lineage

FORMATS = ("md", "html", "csv", "json", "sarif")
DEFAULT_FORMATS = ("md", "html", "csv", "json")  # sarif on request: code scanning wants that file alone
FAIL_ON = ("new-conflict", "new-stale", "unbound", "one-sided", "new-suspect")
FILES = {"md": "report.md", "html": "report.html", "csv": "claims.csv", "json": "report.json", "sarif": "report.sarif"}
CLAIM_COLUMNS = ["claim", "status", "reason", "scope", "subject", "value", "store", "source", "path", "aliases", "snapshot", "cited",
                 "lines", "successors", "conflicts_with", "premises_not_current", "previous_status", "previous_reason",
                 "pending", "amendments"]
CHANGE_COLUMNS = ["claim", "change", "before", "status", "reason", "scope", "source", "path", "successors", "conflicts_with",
                  "pending", "amendments"]
CITING_COLUMNS = ["store", "citations", "files", "STALE", "CONFLICT", "UNKNOWN", "UNRESOLVED"]
CHANGE_KINDS = ("new-stale", "new-conflict", "new-unbound", "changed")

EXTERNAL_COLUMNS = ["claim", "verb", "target", "recorded_by"]
DEFAULT_BASELINE = "default"  # build_report's; run_report defaults to the output directory (default_baseline)

MAX_ROWS = 200  # rows per table in report.md / report.html; claims.csv and report.json hold everything
MAX_LINEAGES = 20  # Mermaid diagrams per report


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
    external: pd.DataFrame = field(default_factory=lambda: frame_of([], EXTERNAL_COLUMNS))  # lineage links to non-ingested things
    suspects: pd.DataFrame = field(default_factory=lambda: frame_of([], suspects_section.REPORT_COLUMNS))
    # citations `provgraph scan` kept whose claim does not govern, per store of the cited decision
    citing: pd.DataFrame = field(default_factory=lambda: frame_of([], CITING_COLUMNS))
    views: dict[str, Lineage] = field(default_factory=dict, repr=False)  # claim -> its lineage, for the pictures
    trend: list[tuple[datetime, dict[str, int]]] = field(default_factory=list)  # recorded runs then this one, oldest first

    def changed(self, kind: str) -> pd.DataFrame:
        return self.changes[self.changes["change"] == kind]

    @property
    def new_suspects(self) -> int:
        """Possible unlinked revisions the previous run did not list."""
        return int(self.suspects["new"].sum()) if len(self.suspects) else 0

    def tripped(self, fail_on: Iterable[str]) -> dict[str, int]:
        """The --fail-on conditions that hold, with how many things tripped each."""
        found = {
            "new-stale": len(self.changed("new-stale")),
            "new-conflict": len(self.changed("new-conflict")),
            "unbound": len(self.unbound),
            "one-sided": len(self.one_sided),
            "new-suspect": self.new_suspects,
        }
        return {name: found[name] for name in fail_on if found[name]}

    def headline(self) -> str:
        since = f"since {to_iso(self.previous.ran_at)}" if self.previous else "first run"
        # a first run has nothing to compare with: it says what it found, never "newly"
        labels = (("new-stale", "newly STALE"), ("new-conflict", "new CONFLICT"), ("new-unbound", "new UNBOUND")
                  ) if self.previous else (("new-stale", "STALE"), ("new-conflict", "CONFLICT"), ("new-unbound", "UNBOUND"))
        parts = [f"{len(self.changed(kind))} {label}" for kind, label in labels]
        parts.append(f"{len(self.one_sided)} one-sided link(s)")
        parts.append(f"{self.new_suspects} new possible unlinked revision(s)")
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
            "citing_retired": rows(self.citing),
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

    def to_dict(self) -> dict[str, Any]:
        """report.json's content: the report and the --fail-on conditions that hold."""
        return dict(self.report.to_dict(), tripped=dict(self.tripped))

    def to_json(self) -> str:
        """What report.json holds (less its final newline)."""
        import json

        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)


def frame_of(rows: list[dict[str, Any]], columns: list[str]) -> pd.DataFrame:
    frame = pd.DataFrame.from_records([{c: r.get(c) for c in columns} for r in rows], columns=columns)
    return frame.astype(object).where(frame.notna(), None) if len(frame) else frame
