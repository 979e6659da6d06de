"""provgraph: a provenance-graph store on Neo4j that tells whether a cited source still governs.

    with provgraph.connect() as pg:          # NEO4J_* environment variables, else the local server
        pg.status(["ADR-0001"])[0].status     # 'STALE'

Everything is imported on first use, so `import provgraph` stays cheap and loads neither the Neo4j
driver nor the engine until a name below is asked for.
"""
from __future__ import annotations

from typing import Any

__all__ = ["connect", "Provgraph", "Settings", "Graph", "ClaimStatus", "Lineage", "Verdict", "Conflict", "Suspect",
           "IngestSummary", "ReportResult", "BatchVerdict", "Decision", "Results", "propose_format", "Proposal"]

_LAZY = {
    "connect": "provgraph.api",
    "Provgraph": "provgraph.api",
    "BatchVerdict": "provgraph.api",
    "Decision": "provgraph.api",
    "Results": "provgraph.api",
    "Settings": "provgraph.base.config",
    "Graph": "provgraph.graph.connection",
    "ClaimStatus": "provgraph.engine.claim_status",
    "Lineage": "provgraph.engine.lineage",
    "Verdict": "provgraph.engine.verify",
    "Conflict": "provgraph.engine.conflicts",
    "Suspect": "provgraph.engine.suspects",
    "IngestSummary": "provgraph.ingest.pipeline",
    "ReportResult": "provgraph.report.model",
    "propose_format": "provgraph.ingest.formats.proposal",  # a declaration for a folder of records: no database
    "Proposal": "provgraph.ingest.formats.proposal",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'provgraph' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
