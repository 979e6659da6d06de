"""Install the schema the models declare, and wipe provgraph's data."""
from __future__ import annotations

import io

from neomodel import db

from provgraph.graph.connection import Graph
from provgraph.graph.models import LABELS, MODELS

# Indexes the models cannot declare: relationship properties the status queries filter on.
EXTRA_INDEXES = (
    "CREATE INDEX rel_supersedes_valid_from IF NOT EXISTS FOR ()-[r:SUPERSEDES]-() ON (r.valid_from)",
    "CREATE INDEX rel_corrects_valid_from IF NOT EXISTS FOR ()-[r:CORRECTS]-() ON (r.valid_from)",
    "CREATE INDEX rel_invalidates_valid_from IF NOT EXISTS FOR ()-[r:INVALIDATES]-() ON (r.valid_from)",
)


def install_schema(graph: Graph) -> list[str]:
    """Create every constraint and index (idempotent). Returns the names now present."""
    db.set_connection(driver=graph.driver)
    for model in MODELS:
        db.install_labels(model, quiet=True, stdout=io.StringIO())
    for statement in EXTRA_INDEXES:
        graph.write(statement)
    graph.write("CALL db.awaitIndexes(300)")
    names = {row["name"] for row in graph.read("SHOW CONSTRAINTS YIELD name RETURN name")}
    names |= {row["name"] for row in graph.read("SHOW INDEXES YIELD name, type WHERE type <> 'LOOKUP' RETURN name")}
    return sorted(names)


def count_data(graph: Graph) -> int:
    rows = graph.read(
        "MATCH (n) WHERE any(label IN labels(n) WHERE label IN $labels) RETURN count(n) AS n",
        {"labels": list(LABELS)},
    )
    return rows[0]["n"]


def wipe(graph: Graph) -> int:
    """Delete every node carrying a provgraph label (and its relationships). Returns how many."""
    before = count_data(graph)
    with graph._translate():
        with graph.driver.session(database=graph.settings.database) as session:
            session.run(
                "MATCH (n) WHERE any(label IN labels(n) WHERE label IN $labels) "
                "CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS",
                labels=list(LABELS),
            ).consume()
    return before
