"""What one ingest did, as `ingest` prints it: `IngestSummary`, counted by the pipeline as it writes, its lists bounded
(the graph holds every quarantine and finding; the summary counts them and lists the first LISTED)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from provgraph.base.text import counted
from provgraph.ingest.records import Quarantined
from provgraph.ingest.word_readings import WordReadings

LISTED = 1000  # quarantines (and findings) an ingest summary lists; the graph holds them all, the summary counts them


@dataclass
class IngestSummary:
    store: str
    kind: str
    path: str
    observations: int = 0
    snapshots_added: int = 0
    snapshots_unchanged: int = 0
    claims_written: int = 0  # distinct claims
    claim_versions_written: int = 0  # (claim, snapshot) citations: one claim in 5 commits is 5 versions
    edges_written: int = 0
    unresolved: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)  # lineage-only targets never ingested (ExternalRef)
    skipped: dict[str, int] = field(default_factory=dict)  # reason -> files left out (templates, index pages)
    quarantined: list[dict[str, Any]] = field(default_factory=list)  # the first LISTED of quarantined_count
    findings: list[dict[str, Any]] = field(default_factory=list)  # the first LISTED of findings_count
    quarantined_count: int = 0
    findings_count: int = 0
    adjudications: int = 0
    readings: list[str] = field(default_factory=list)  # how this ingest read the store (an inferred date order, ...)
    words: WordReadings | None = None  # files: the status words met and how each was read (ingest/word_readings.py)
    proposal: dict[str, Any] | None = None  # files: the declaration proposed when no record was read (never applied)

    def text_lines(self) -> list[str]:
        """The summary as `ingest` prints it: one line, then what needs a look (bounded lists)."""
        versions = (f" ({counted(self.claim_versions_written, 'version')})"
                    if self.claim_versions_written != self.claims_written else "")
        lines = [
            f"{self.store} ({self.kind}): {counted(self.observations, 'snapshot')} read, {self.snapshots_added} added, "
            f"{self.snapshots_unchanged} unchanged; {counted(self.claims_written, 'claim')}{versions} and "
            f"{counted(self.edges_written, 'edge')} written; "
            f"{len(self.unresolved)} unresolved, {len(self.external)} external, {self.quarantined_count} quarantined"
            + (f", {counted(self.adjudications, 'policy adjudication')}" if self.adjudications else "")
        ]
        if self.skipped:
            reasons = ", ".join(f"{count} {reason}" for reason, count in sorted(self.skipped.items()))
            lines.append(f"  skipped     {sum(self.skipped.values())} file(s) that are not decisions: {reasons}"
                         " (read them with --include GLOB)")
        lines += [f"  reading     {reading}" for reading in self.readings]
        lines += self.words.lines() if self.words else []
        lines += [f"    {line}".rstrip() for line in (self.proposal or {}).get("toml", "").splitlines()]
        lines += [f"  unresolved  {ref}  (kept as a placeholder: UNKNOWN/UNBOUND)" for ref in self.unresolved[:20]]
        lines += [f"  external    {ref}  (a lineage link to something not ingested: an external reference)"
                  for ref in self.external[:20]]
        lines += [f"  quarantined {q['file']}:{q['line'] if q['line'] is not None else '-'}  {q['reason']}"
                  for q in self.quarantined[:50]]
        lines += [f"  {f['kind']:<11} {f['subject']}  {f['detail']}" for f in self.findings[:50]]
        return lines

    def to_dict(self) -> dict[str, Any]:
        return {
            "store": self.store,
            "kind": self.kind,
            "path": self.path,
            "observations": self.observations,
            "snapshots_added": self.snapshots_added,
            "snapshots_unchanged": self.snapshots_unchanged,
            "claims_written": self.claims_written,
            "claim_versions_written": self.claim_versions_written,
            "edges_written": self.edges_written,
            "unresolved": sorted(self.unresolved),
            "external": sorted(self.external),
            "skipped": dict(sorted(self.skipped.items())),
            "quarantined": self.quarantined,
            "quarantined_count": self.quarantined_count,
            "findings": self.findings,
            "findings_count": self.findings_count,
            "adjudications": self.adjudications,
            "readings": self.readings,
            **(self.words.as_dict() if self.words else {}),
            "proposal": self.proposal,
        }

    def to_json(self) -> str:
        """What `ingest ... --output json` prints for one store."""
        return json.dumps(self.to_dict(), indent=2, sort_keys=True, default=str)

    def list_batch(self, quarantined: list[Quarantined], findings: list[dict[str, Any]]) -> None:
        """One batch's quarantines and findings counted, and listed up to LISTED of each."""
        self.quarantined_count += len(quarantined)
        self.findings_count += len(findings)
        room = LISTED - len(self.quarantined)
        self.quarantined += [{"file": q.file, "line": q.line, "reason": q.reason} for q in quarantined[:max(room, 0)]]
        self.findings += findings[:max(LISTED - len(self.findings), 0)]

    def list_first(self, findings: list[dict[str, Any]]) -> None:
        """Findings counted and listed before the batches' (what the whole input shows: rewritten logs), up to LISTED."""
        self.findings_count += len(findings)
        self.findings = (findings + self.findings)[:LISTED]
