"""Install the schema the models declare, and wipe provgraph's data."""
from __future__ import annotations

import io

from neomodel import db

from provgraph import cypher
from provgraph.graph import fulltext
from provgraph.graph.connection import Graph
from provgraph.graph.models import LABELS, MODELS, ProvgraphLock


def install_schema(graph: Graph) -> list[str]:
    """Create every constraint and index the models declare (idempotent). Returns the names now present."""
    db.set_connection(driver=graph.driver)
    for model in MODELS:
        db.install_labels(model, quiet=True, stdout=io.StringIO())
    fulltext.ensure_index(graph)  # `provgraph suspects`: claims that say the same thing
    graph.write(cypher.load("schema_await_indexes").text)
    fulltext.backfill(graph)
    names = {row["name"] for row in graph.read(cypher.load("schema_constraints").text)}
    names |= {row["name"] for row in graph.read(cypher.load("schema_indexes").text)}
    return sorted(names)


def count_data(graph: Graph) -> int:
    rows = graph.read(cypher.load("provgraph_node_count").text, {"labels": list(LABELS)})
    return rows[0]["n"]


WIPE_BATCH = 5000  # nodes (or relationships) per transaction of `wipe`
WIPE_DEGREE = 100  # nodes with more relationships wait until their neighbours are gone (cypher/wipe.cypher)


def wipe(graph: Graph) -> int:
    """Delete every node carrying a provgraph label (and its relationships). Returns how many."""
    before = count_data(graph)
    params = {"labels": [*LABELS, ProvgraphLock.__name__], "batch": WIPE_BATCH, "degree": WIPE_DEGREE}
    nodes, edges = cypher.load("wipe").text, cypher.load("wipe_edges").text
    while graph.write(nodes, params)[0]["deleted"] or graph.write(edges, params)[0]["deleted"]:
        pass
    return before
