"""provgraph: a provenance-graph store on Neo4j that tells whether a cited source still governs."""
from __future__ import annotations

from typing import Any

from provgraph.config import Settings
from provgraph.graph.connection import Graph, connect

__all__ = ["Settings", "Graph", "connect", "verify", "verify_batch", "Verdict", "adjudicate", "revoke"]

# Imported on first use, so `import provgraph` stays cheap. `provgraph.verify` and `provgraph.adjudicate` are
# their modules, which are callable (`provgraph.verify(graph, ...)`) and also hold the rest of their API.
_LAZY = {
    "verify": ("provgraph.verify", None),
    "verify_batch": ("provgraph.verify", "verify_batch"),
    "Verdict": ("provgraph.verify", "Verdict"),
    "adjudicate": ("provgraph.adjudicate", None),
    "revoke": ("provgraph.adjudicate", "revoke"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module_name, attribute = _LAZY[name]
        module = importlib.import_module(module_name)
        return module if attribute is None else getattr(module, attribute)
    raise AttributeError(f"module 'provgraph' has no attribute {name!r}")
