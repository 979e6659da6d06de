"""The demo's story, ingested once per session and written back from a copy for each further module that reads it.

The copy is every provgraph node (its labels and properties) and every relationship between them, read with the
driver's own types (a DateTime stays a DateTime, with its zone and nanoseconds) and written back in one transaction:
the same graph the ingest left, in a fraction of a second instead of an ingest (1-6 s each on a warm server under
load 7, for each of the eleven modules that read the story). The ingest itself
is pinned by the tests that ingest (tests/ingest, tests/api `ingest_config`, the demo and install tests)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from provgraph.graph.connection import Graph
from provgraph.graph.models import LABELS, ProvgraphLock

_OURS = "any(label IN labels({0}) WHERE label IN $labels)"
NODES = f"MATCH (n) WHERE {_OURS.format('n')} RETURN elementId(n) AS id, labels(n) AS labels, properties(n) AS props"
EDGES = (f"MATCH (a)-[r]->(b) WHERE {_OURS.format('a')} AND {_OURS.format('b')} "
         "RETURN elementId(a) AS a, elementId(b) AS b, type(r) AS type, properties(r) AS props")
WRITE = ("UNWIND $nodes AS n CREATE (x) SET x = n.props SET x:$(n.labels) WITH collect(x) AS made "
         "UNWIND $edges AS e WITH made[e.a] AS a, made[e.b] AS b, e CREATE (a)-[r:$(e.type)]->(b) SET r = e.props")


@dataclass(frozen=True)
class GraphCopy:
    nodes: list[dict[str, Any]]  # labels, props
    edges: list[dict[str, Any]]  # a, b (positions in `nodes`), type, props


def copy_graph(graph: Graph) -> GraphCopy:
    """Every provgraph node and relationship, as the driver reads them."""
    labels = {"labels": [*LABELS, ProvgraphLock.__name__]}
    nodes = graph.driver.execute_query(NODES, labels, database_=graph.settings.database).records
    position = {node["id"]: index for index, node in enumerate(nodes)}
    edges = graph.driver.execute_query(EDGES, labels, database_=graph.settings.database).records
    return GraphCopy([{"labels": node["labels"], "props": node["props"]} for node in nodes],
                     [{"a": position[edge["a"]], "b": position[edge["b"]], "type": edge["type"], "props": edge["props"]}
                      for edge in edges])


def write_copy(graph: Graph, copy: GraphCopy) -> None:
    """Write `copy` into an empty graph, in one transaction."""
    graph.driver.execute_query(WRITE, {"nodes": copy.nodes, "edges": copy.edges}, database_=graph.settings.database)
