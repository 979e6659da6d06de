"""What the currentness check answers: the terminals in the design's order, one checked evidence item, the verdict."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Mapping

from provgraph.base.times import to_iso
from provgraph.engine.claim_status import ClaimStatus
from provgraph.engine.verify.request import Evidence

TERMINALS = (
    "SNAPSHOT_UNBOUND",
    "CANDIDATE_SET_UNBOUND",
    "REVISION_CLOSURE_INCOMPLETE",
    "CURRENTNESS_CONFLICT",
    "STALE_EVIDENCE",
    "OUT_OF_SCOPE",
    "CURRENT_STATE_UNKNOWN",
    "SUPPORTED_BY_CURRENT_SOURCE",
)
SUPPORTED = "SUPPORTED_BY_CURRENT_SOURCE"


@dataclass(frozen=True)
class EvidenceCheck:
    """One evidence item judged: the claim's status, and what the snapshot the reader saw says now."""

    given: Evidence
    status: ClaimStatus
    known: bool = True
    seen_cites: bool | None = None  # the hash given is a snapshot (at or before t) that cites the claim
    seen_changed: bool | None = None  # the cited text the reader saw has changed since
    current_snapshot: str | None = None  # sha256 hex of the snapshot citing the claim now

    @property
    def bound(self) -> bool:
        if not self.known or self.status.placeholder or self.status.reason == "UNBOUND":
            return False
        return self.given.snapshot is None or bool(self.seen_cites)

    def to_dict(self) -> dict[str, Any]:
        out = self.status.to_dict()
        out["given"] = self.given.id
        out["seen"] = None if self.given.snapshot is None else {
            "snapshot": f"sha256:{self.given.snapshot}",
            "cites": bool(self.seen_cites),
            "text_changed": self.seen_changed,
            "current": f"sha256:{self.current_snapshot}" if self.current_snapshot else None,
        }
        return out


@dataclass(frozen=True)
class Verdict:
    """The result of the currentness check; `to_dict()` is what `verify --format json` prints."""

    verdict: str
    evidence: tuple[EvidenceCheck, ...]
    missing: tuple[str, ...]
    explanation: str
    scope: str | None = None
    at: datetime | None = None  # None: now
    subject: str | None = None
    why_missing: Mapping[str, str] = field(default_factory=dict)
    suspects: tuple[Mapping[str, Any], ...] = ()  # advisory: possible unlinked revisions touching the evidence

    @property
    def supported(self) -> bool:
        return self.verdict == SUPPORTED

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "evidence": [check.to_dict() for check in self.evidence],
            "missing": list(self.missing),
            "explanation": self.explanation,
            "question": {"scope": self.scope, "at": to_iso(self.at), "subject": self.subject},
            "why_missing": dict(sorted(self.why_missing.items())),
            "suspects": [dict(s) for s in self.suspects],
        }

    def to_json(self, indent: int | None = None) -> str:
        """Deterministic JSON: sorted keys, sorted lists; two runs over the same graph give the same bytes."""
        return json.dumps(self.to_dict(), sort_keys=True, indent=indent, ensure_ascii=False)


@dataclass(frozen=True)
class BatchVerdict:
    """One answer of a batch (`verify --batch`, `Provgraph.verify_many`): the `Verdict`, or the error that kept the
    request from being asked, with the request's line and its "id" if it had one."""

    line: int
    answer: Verdict | None
    error: str | None = None
    id: Any = None

    @property
    def verdict(self) -> str | None:
        return self.answer.verdict if self.answer is not None else None

    @property
    def supported(self) -> bool:
        return self.answer is not None and self.answer.supported

    @property
    def evidence(self) -> list[dict[str, Any]]:
        return [check.to_dict() for check in self.answer.evidence] if self.answer is not None else []

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = self.answer.to_dict() if self.answer is not None else {"verdict": None, "error": self.error}
        if self.id is not None:
            out["id"] = self.id
        out["line"] = self.line
        return out

    @property
    def data(self) -> dict[str, Any]:
        """The answer as `verify --batch` prints it (`to_dict`)."""
        return self.to_dict()

    def to_json(self) -> str:
        """The line `verify --batch` prints for this request."""
        return batch_line(self.to_dict())


def batch_line(out: Mapping[str, Any]) -> str:
    """One line of `verify --batch` output (JSONL): sorted keys, so two runs give the same bytes."""
    return json.dumps(out, sort_keys=True, ensure_ascii=False)


__all__ = ["BatchVerdict", "EvidenceCheck", "SUPPORTED", "TERMINALS", "Verdict", "batch_line"]
