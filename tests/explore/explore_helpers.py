"""Small helpers for the explore tests: run the CLI in-process, ingest the bundled examples."""
from __future__ import annotations

from pathlib import Path

from cli_helpers import run

from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def node_count(graph: Graph) -> int:
    return graph.read("MATCH (n) WHERE NOT n:ProvgraphSchema RETURN count(n) AS n")[0]["n"]


def ingest_examples(graph: Graph) -> None:
    ingest(graph, "files", EXAMPLES / "adr")
    ingest(graph, "logs", EXAMPLES / "logs" / "decisions.jsonl", fmt="jsonl", policy="latest-wins")
    ingest(graph, "cards", EXAMPLES / "cards" / "board.jsonl")


__all__ = ["run", "node_count", "ingest_examples", "EXAMPLES"]
