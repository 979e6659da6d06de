"""Small helpers for the ingester tests: run an ingester and split what it yields."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from provgraph.ingest import get
from provgraph.ingest.records import FileEnd, IngestOptions, Notice, Observation, Quarantined, Resumed, Skipped

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@dataclass
class Run:
    observations: list[Observation] = field(default_factory=list)
    quarantined: list[Quarantined] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    ends: list[FileEnd | Resumed] = field(default_factory=list)  # how far each line-streamed file was read

    def claim(self, uid: str):
        return self.observation(uid).claims[0]

    def observation(self, uid: str) -> Observation:
        matches = [o for o in self.observations if o.claims and o.claims[0].uid == uid]
        assert len(matches) == 1, f"{uid}: {len(matches)} observations"
        return matches[0]

    def edges(self, uid: str) -> set[tuple[str, str, str, str | None]]:
        return {(e.kind, e.from_ref, e.to_ref, e.verb) for e in self.observation(uid).edges}


def source_and_claim(observation: Observation) -> dict[str, object]:
    """What a record's source and its first claim say, to compare with one literal."""
    source, claim = observation.source, observation.claims[0]
    return {"uid": source.uid, "kind": source.kind, "locator": source.locator, "url": source.url, "title": source.title,
            "aliases": claim.aliases, "text": claim.text, "subject": claim.subject, "scope": claim.scope, "value": claim.value}


def run(kind: str, fmt: str, path: Path, store: str = "s", options: dict | None = None) -> Run:
    result = Run()
    for record in get(kind, fmt)(path, IngestOptions(store=store, options=dict(options or {}))):
        if isinstance(record, Observation):
            result.observations.append(record)
        elif isinstance(record, Quarantined):
            result.quarantined.append(record)
        elif isinstance(record, Skipped):
            result.skipped.append(record)
        elif isinstance(record, (FileEnd, Resumed)):
            result.ends.append(record)
        else:
            assert isinstance(record, Notice), record
            result.notices.append(record)
    return result
