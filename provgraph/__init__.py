"""provgraph: a provenance-graph store on Neo4j that tells whether a cited source still governs."""
from __future__ import annotations

from typing import Any

from provgraph.base.config import Settings
from provgraph.graph.connection import Graph, connect

__all__ = ["Settings", "Graph", "connect", "verify", "verify_batch", "Verdict", "adjudicate", "revoke"]

# Imported on first use, so `import provgraph` stays cheap. The functions live in provgraph.engine.verify and
# provgraph.engine.adjudication: modules named otherwise than the functions, so importing one never hides a function.
_LAZY = {
    "verify": "provgraph.engine.verify",
    "verify_batch": "provgraph.engine.verify",
    "Verdict": "provgraph.engine.verify",
    "adjudicate": "provgraph.engine.adjudication",
    "revoke": "provgraph.engine.adjudication",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'provgraph' has no attribute {name!r}")
