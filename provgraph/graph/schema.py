"""Install the schema the models declare, keep it current, and wipe provgraph's data.

The database records which schema it holds on one `ProvgraphSchema` node (`SCHEMA_VERSION`). Every
command that writes calls `ensure_schema` first: one read, and the full install only when the
record is missing or older than this provgraph. A read calls `require_schema`: a database with
neither the record nor any provgraph data is refused with one line that names `provgraph init`.
"""
from __future__ import annotations

import io
from typing import Any
from datetime import datetime, timezone

from provgraph.base.errors import QueryError, SchemaMissing
from provgraph.graph import fulltext
from provgraph.graph.connection import Graph

# Bump when a constraint, an index, the full-text index or fulltext.VERSION changes:
# tests/test_first_run.py pins the schema's fingerprint to this number.
# 3: claims never looked up by the write-time suspects pass owe it one; 4: the alias index, fulltext.VERSION 3 (search_words);
# 5: status_retired_since on every claim with a subject and the index on (subject, status_retired_since)
# 6: rival rosters (RivalRoster, unique on subject: provgraph/engine/rosters.py)
# 7: the index on search_free_text, and search_free_text true on every claim with search fields that lacks it
# 8: the range indexes on Claim.status_computed_at and Claim.suspects_at (a site's rebuild seeks what was written since)
SCHEMA_VERSION = 8
# the versions the queries test before they seek an index a store of that version has (the Cypher gates compare
# the stored version with these numbers written out; tests/test_schema_models.py holds each gate to its constant)
ALIAS_INDEX_SINCE = 4  # rules/alias-claims.cypher: `>= 4`
RETIRED_INDEX_SINCE = 5  # verify_requests.cypher (rules/subject-live): `>= 5`
FREE_TEXT_INDEX_SINCE = 7  # suspect_common_terms.cypher: `>= 7`


def install_schema(graph: Graph) -> list[str]:
    """Create every constraint and index the models declare (idempotent), fill the full-text fields, and record
    SCHEMA_VERSION. Returns the names of the constraints and indexes now present."""
    from neomodel import db  # the models' own installer: imported only when a schema is installed

    from provgraph.graph.models import MODELS

    db.set_connection(driver=graph.driver)
    for model in MODELS:
        db.install_labels(model, quiet=True, stdout=io.StringIO())
    fulltext.ensure_index(graph)  # `provgraph suspects`: claims that say the same thing
    graph.write("alias_index")  # a claim found by an alias with a seek (rules/alias-claims)
    graph.write("claim_rival_index")  # a subject's live claims with a seek (rules/subject-live)
    mark_unretired(graph)
    graph.write("schema_await_indexes")
    mark_free_text(graph)  # what a missing value means already: the common terms need no recount for it
    if fulltext.backfill(graph):
        graph.write("suspect_common_terms_mark_stale")  # computed from the search fields the backfill changed
    mark_unkept_suspects(graph)
    graph.write("schema_record",
                {"version": SCHEMA_VERSION, "provgraph": _package_version(), "t": datetime.now(timezone.utc)})
    names = {row["name"] for row in graph.read("schema_constraints")}
    names |= {row["name"] for row in graph.read("schema_indexes")}
    return sorted(names)


def mark_unkept_suspects(graph: Graph, *, every: bool = False, batch: int = 10000) -> int:
    """Mark the claims the write-time suspects pass never looked up (`every`: all claims with search fields) as owing
    it a lookup (provgraph/engine/suspects.py `keep_pending` runs it). Returns how many."""
    return _mark(graph, "suspects_mark", batch, unkept=not every)


def mark_unretired(graph: Graph, batch: int = 10000) -> int:
    """Give every claim with a subject and no status_retired_since the far future (not retired), as a store written
    before schema 5 lacks it; `batch` claims per transaction. Returns how many."""
    return _mark(graph, "claim_rival_backfill", batch)


def mark_free_text(graph: Graph, batch: int = 10000) -> int:
    """Give every claim with search fields and no search_free_text the value true (what a missing value means: free
    text), as a store written before the property existed lacks it, so the index on it finds every claim with free
    text (`cypher/suspect_common_terms.cypher`); `batch` claims per transaction. Returns how many."""
    return _mark(graph, "claim_free_text_backfill", batch)


def _mark(graph: Graph, query: str, batch: int, **values: Any) -> int:
    """Run the write `query` page by page in uid order: it takes $after (the uid the page before ended at, '' first),
    $limit (`batch`) and `values`, and returns `marked` (how many) and `last` (the uid its page ended at, null when it
    marked or saw none). Returns how many were marked."""
    after, marked = "", 0
    while True:
        row = graph.write(query, {"after": after, "limit": batch, **values})[0]
        if row["last"] is None:  # nothing marked, or nothing seen: none left
            return marked
        after, marked = row["last"], marked + int(row["marked"])


def _package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("provgraph")
    except PackageNotFoundError:
        return "unknown"


def schema_state(graph: Graph) -> dict:
    """{"version": the recorded schema version or None, "provgraph": who installed it, "has_data": bool,
    "claims": how many}."""
    return graph.read("schema_version")[0]


def ensure_schema(graph: Graph) -> bool:
    """Before a write: install the schema when the database records none or an older one. True if it did."""
    recorded = schema_state(graph)["version"]
    if recorded is not None and recorded >= SCHEMA_VERSION:
        return False
    try:
        install_schema(graph)
    except QueryError:  # two first writes at once: the other one's constraint or index came first
        recorded = schema_state(graph)["version"]
        if recorded is None or recorded < SCHEMA_VERSION:
            install_schema(graph)  # every statement is IF NOT EXISTS: the second pass completes it
    return True


def require_schema(graph: Graph) -> None:
    """Before a read: refuse, in one line naming `provgraph init`, a database with no provgraph schema and no
    provgraph data. A database an older provgraph wrote (data, no record) is read as it is."""
    state = schema_state(graph)
    if state["version"] is None and not state["has_data"]:
        raise SchemaMissing(graph.settings.safe_uri, graph.settings.database)


def count_data(graph: Graph) -> int:
    from provgraph.graph.models import LABELS  # the models (and neomodel) load when data is counted, not for a read

    rows = graph.read("provgraph_node_count", {"labels": list(LABELS)})
    return rows[0]["n"]


WIPE_BATCH = 5000  # nodes (or relationships) per transaction of `wipe`
WIPE_DEGREE = 100  # nodes with more relationships wait until their neighbours are gone (cypher/wipe.cypher)


def wipe(graph: Graph) -> int:
    """Delete every node carrying a provgraph label (and its relationships). Returns how many."""
    from provgraph.graph.models import LABELS, ProvgraphLock

    before = count_data(graph)
    params = {"labels": [*LABELS, ProvgraphLock.__name__], "batch": WIPE_BATCH}
    while graph.write("wipe", {**params, "degree": WIPE_DEGREE})[0]["deleted"] or graph.write("wipe_edges", params)[0]["deleted"]:
        pass
    return before
