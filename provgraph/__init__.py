"""provgraph: a provenance-graph store on Neo4j that tells whether a cited source still governs."""
from __future__ import annotations

from provgraph.config import Settings
from provgraph.graph.connection import Graph, connect

__all__ = ["Settings", "Graph", "connect"]
