"""The tools' input shapes: pydantic types whose JSON schemas are what `tools/list` shows an agent."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

StatusName = Literal["ACTIVE", "STALE", "CONFLICT", "UNKNOWN"]
Scope = Annotated[str | None, Field(description="Question scope such as org/acme/payments (default: each claim's own scope)")]
At = Annotated[str | int | None, Field(description="As-of time: ISO 8601 (naive = UTC) or epoch milliseconds (default: now)")]
Subject = Annotated[str | None, Field(description="The question's subject, such as user.location: its rivals must be among the candidates")]
Params = Annotated[dict[str, Any] | None, Field(description="Query parameters by name, as JSON values")]


class EvidenceItem(BaseModel):
    """A cited claim with the snapshot hash the reader saw."""

    model_config = ConfigDict(extra="forbid")
    claim: str = Field(description="Claim uid or alias")
    snapshot: str | None = Field(default=None, description="sha256:HEX of the snapshot the answer read")


Evidence = Annotated[
    list[str | EvidenceItem],
    Field(min_length=1, description='Evidence claims: "ID", "ID@sha256:HEX", or {"claim": ID, "snapshot": "sha256:HEX"}'),
]
Candidates = Annotated[
    list[str] | None,
    Field(description="The ids the retriever considered (the evidence is added); omit or null: no candidate set, "
                      "which gives CANDIDATE_SET_UNBOUND"),
]


class VerifyRequest(BaseModel):
    """One request of a batch: the shape of a `verify --batch` JSONL line."""

    model_config = ConfigDict(extra="forbid")
    id: str | int | None = Field(default=None, description="Echoed back in the verdict")
    evidence: Evidence
    candidates: Candidates = None
    scope: Scope = None
    at: At = None
    subject: Subject = None

    def to_request(self) -> dict[str, Any]:
        request = self.model_dump(exclude_unset=True, exclude_none=False)
        request["evidence"] = [evidence_of(item) for item in self.evidence]
        return request


def evidence_of(item: str | EvidenceItem) -> Any:
    """An evidence item as `verify` takes it: an id, or {"claim", "snapshot"} when a snapshot is given."""
    if isinstance(item, EvidenceItem):
        return {"claim": item.claim, "snapshot": item.snapshot} if item.snapshot else item.claim
    return item


__all__ = ["At", "Candidates", "Evidence", "EvidenceItem", "Params", "Scope", "StatusName", "Subject", "VerifyRequest", "evidence_of"]
