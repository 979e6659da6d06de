"""The lineage of one claim: predecessors, successors, premises, rivals, adjudications, citations.

The graph walk runs in `cypher/lineage.cypher`, statuses in `cypher/status.cypher`, rivals
in `cypher/rivals.cypher`; this module joins their rows. `provgraph.views.lineage` draws them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from provgraph.base.times import parse_moment
from provgraph.base.edges import REVISION_KINDS
from provgraph.base.errors import NotFound
from provgraph.base.times import native, to_iso
from provgraph.base.values import jsonable
from provgraph.engine.claim_status import ClaimStatus
from provgraph.engine.status import resolve, status
from provgraph.graph.connection import Graph

# What lineage draws as a revision: the revision kinds, and amendments, which retire nothing
REVISION_AND_AMENDMENT_KINDS = REVISION_KINDS + ("AMENDS",)
FORCE_NOTE = {"PENDING": " (pending)", "VOID": " (revises nothing)"}


@dataclass(frozen=True)
class Edge:
    source: str  # from
    target: str  # to
    kind: str
    verb: str | None = None
    scope: str | None = None
    via: str | None = None
    force: str | None = None  # revision and amendment edges: IN_FORCE, PENDING (proposed reviser) or VOID (rejected)
    valid_from: datetime | None = None  # when the edge was first recorded (or adjudicated)
    recorded_by: dict[str, Any] | None = None  # the first record stating it: snapshot, commit, author, committer, file, line
    elsewhere: bool = False  # a revision acting only in a scope the question does not cover (`scope`)

    def account(self) -> str:
        """Since when the edge holds and the record that states it, on one line (empty when unknown)."""
        parts = [f"since {to_iso(self.valid_from)}"] if self.valid_from else []
        record = self.recorded_by or {}
        if record.get("commit"):
            commit = str(record["commit"])
            parts.append(f"@{commit[:12] if len(commit) == 40 else commit}")
        if record.get("author"):
            parts.append(f"by {record['author']}")
        if record.get("file"):
            parts.append(f"at {record['file']}" + (f":{record['line']}" if record.get("line") else ""))
        return " ".join(parts)

    def label(self) -> str:
        text = self.verb if self.kind == "RELATES" and self.verb else self.kind
        text += FORCE_NOTE.get(self.force or "", "")
        if self.elsewhere:
            text += f" (in scope {self.scope} only)"
        return f"{text} (adjudicated)" if self.via else text


@dataclass(frozen=True)
class Lineage:
    claim: str
    question_scope: str
    at: datetime
    statuses: dict[str, ClaimStatus]
    edges: tuple[Edge, ...]
    rivals: tuple[dict[str, Any], ...] = ()
    adjudications: tuple[dict[str, Any], ...] = ()
    citations: tuple[dict[str, Any], ...] = field(default=())
    # lineage links to things never ingested (a runbook URL): {claim, target, verb, inbound}; not claims, no status
    external: tuple[dict[str, Any], ...] = ()

    @property
    def nodes(self) -> list[str]:
        return sorted(self.statuses)

    def predecessors(self, uid: str | None = None) -> list[str]:
        uid = uid or self.claim
        return sorted(e.target for e in self.edges if e.source == uid and e.kind in REVISION_AND_AMENDMENT_KINDS)

    def successors(self, uid: str | None = None) -> list[str]:
        uid = uid or self.claim
        return sorted(e.source for e in self.edges if e.target == uid and e.kind in REVISION_AND_AMENDMENT_KINDS)

    def to_dict(self) -> dict[str, Any]:
        return {
            "claim": self.claim,
            "question_scope": self.question_scope,
            "status": self.statuses[self.claim].to_dict(),
            "nodes": [self.statuses[uid].to_dict() for uid in self.nodes],
            "edges": [
                {"from": e.source, "to": e.target, "kind": e.kind, "verb": e.verb, "scope": e.scope, "via": e.via or None,
                 "force": e.force, "since": to_iso(e.valid_from), "recorded_by": e.recorded_by, "elsewhere": e.elsewhere}
                for e in self.edges
            ],
            "rivals": list(self.rivals),
            "adjudications": list(self.adjudications),
            "citations": list(self.citations),
            "external": list(self.external),
        }

    def to_json(self) -> str:
        """What `lineage --format json` prints."""
        import json

        return json.dumps(self.to_dict(), indent=2, sort_keys=False)


def lineage(graph: Graph, claim: str, *, scope: str | None = None, at: datetime | str | None = None) -> Lineage:
    """The lineage of `claim` (uid or alias) for question scope `scope` at time `at` (default now)."""
    uid = resolve(graph, [claim])[0]
    t = parse_moment(at, missing="now")
    rows = graph.read("lineage", {"claim": uid, "q": scope, "t": t})
    if not rows:
        raise NotFound(f"no claim with id {claim}")
    row = rows[0]
    question = row["question_scope"]
    statuses = {s.claim: s for s in status(graph, row["nodes"], scope=question, at=t)}
    rivals = graph.read("rivals", {"claims": [uid], "q": question, "t": t, "subject": None, "active": False})
    edges = tuple(
        Edge(e["from"], e["to"], e["kind"], e.get("verb"), e.get("scope"), e.get("via") or None, e.get("force"),
             native(e.get("valid_from")), dict(e["recorded_by"]) if e.get("recorded_by") else None,
             bool(e.get("elsewhere")))
        for e in row["edges"]
    )
    return Lineage(
        claim=uid,
        question_scope=question,
        at=t,
        statuses=statuses,
        edges=edges,
        rivals=tuple(_json_row(r) for r in rivals),
        adjudications=tuple(_json_row(a) for a in row["adjudications"]),
        citations=tuple(_json_row(c) for c in row["citations"]),
        external=tuple(_json_row(x) for x in row.get("external") or ()),
    )


def _json_row(row: dict[str, Any]) -> dict[str, Any]:
    """A row as a JSON-ready dict (`values.jsonable`: times in ISO 8601 UTC), hashes with their algorithm."""
    out: dict[str, Any] = {}
    for key, value in row.items():
        value = jsonable(value)
        if key == "snapshot" and isinstance(value, str) and value and not value.startswith("sha256:"):
            value = f"sha256:{value}"
        out[key] = value
    return out


__all__ = ["Edge", "FORCE_NOTE", "Lineage", "REVISION_AND_AMENDMENT_KINDS", "lineage"]
