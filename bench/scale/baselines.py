"""The baselines every ratio is measured against, run in the same process on the same server.

- `raw_floor`: the corpus's nodes and relationships written with plain `UNWIND ... CREATE`
  in 10k-row batches (no MERGE, no hashing, no parsing): what Neo4j costs on its own.
- `ogm_naive`: one neomodel save per object, the way a first version might do it, on a
  sample; the caller extrapolates per claim.
- `RAW_SCAN`: every claim with its direct successor count, the cheapest query that
  returns one row per claim with a graph look-up; status-all is compared with it.
"""
from __future__ import annotations

import time
from collections import defaultdict
from datetime import datetime, timezone
from typing import Any

from bench.common.corpus import STORES, Corpus
from provgraph.graph.connection import Graph

FLOOR_BATCH = 10_000

_FLOOR_NODES = """
UNWIND $rows AS row
MATCH (store:Store {name: row.store})
CREATE (source:Source {uid: row.source, kind: row.kind, locator: row.locator, url: row.url, container: row.container})
CREATE (source)-[:IN]->(store)
CREATE (snapshot:Snapshot {uid: row.snapshot, sha256: row.sha256, revised_at: row.ts, observed_at: $now,
                           deleted: false})-[:OF]->(source)
CREATE (claim:Claim {uid: row.uid, aliases: row.aliases, text: row.text, subject: row.subject, value: row.value,
                     scope: row.scope, asserted_at: row.ts, placeholder: false, last_cited_at: row.ts})
CREATE (claim)-[:CITED_AT {line_start: 1, line_end: 1, text: row.text, subject: row.subject, value: row.value,
                           scope: row.scope, rewritten: false}]->(snapshot)
"""

# One statement per relationship type (a type cannot be a parameter); the set is fixed here.
_FLOOR_EDGES = {
    kind: f"""
UNWIND $rows AS row
MATCH (a:Claim {{uid: row[0]}})
MATCH (b:Claim {{uid: row[1]}})
CREATE (a)-[:{kind} {{asserted_at: row[2], valid_from: row[2], scope: row[3], via: '', recorded_in: [row[4]],
                      sources: [row[5]]}}]->(b)
"""
    for kind in ("SUPERSEDES", "DEPENDS_ON")
}

RAW_SCAN = """
MATCH (c:Claim)
RETURN c.uid AS claim, c.scope AS scope,
       COUNT { (c)<-[:CORRECTS|SUPERSEDES|INVALIDATES]-(:Claim) } AS successors
ORDER BY claim
"""


def raw_floor(graph: Graph, corpus: Corpus) -> dict[str, Any]:
    """Write the corpus with plain CREATE in 10k batches into an empty graph. Returns timings."""
    rows, edges = corpus.floor_rows()
    by_uid = {row["uid"]: row for row in rows}
    edge_rows: dict[str, list[list[Any]]] = defaultdict(list)
    for kind, frm, to in edges:
        source = by_uid[frm]
        edge_rows[kind].append([frm, to, source["ts"], source["scope"], source["snapshot"], source["source"]])
    now = datetime.now(timezone.utc)
    start = time.perf_counter()
    with graph.driver.session(database=graph.settings.database) as session:
        session.run("UNWIND $stores AS s CREATE (:Store {name: s[0], kind: s[1]})", stores=[list(s) for s in STORES]).consume()
        for begin in range(0, len(rows), FLOOR_BATCH):
            batch = rows[begin:begin + FLOOR_BATCH]
            session.execute_write(lambda tx, batch=batch: tx.run(_FLOOR_NODES, rows=batch, now=now).consume())
        nodes_done = time.perf_counter()
        for kind, kind_rows in edge_rows.items():
            for begin in range(0, len(kind_rows), FLOOR_BATCH):
                batch = kind_rows[begin:begin + FLOOR_BATCH]
                session.execute_write(lambda tx, batch=batch, kind=kind: tx.run(_FLOOR_EDGES[kind], rows=batch).consume())
    seconds = time.perf_counter() - start
    return {
        "seconds": seconds,
        "nodes_seconds": nodes_done - start,
        "claims": len(rows),
        "edges": len(edges),
        "claims_per_s": len(rows) / seconds if seconds else float("inf"),
    }


def ogm_naive(graph: Graph, corpus: Corpus, sample: int) -> dict[str, Any]:
    """One neomodel save per node and one connect per relationship, for the first `sample` claims."""
    from neomodel import db

    from provgraph.graph import models

    db.set_connection(driver=graph.driver)
    claims = corpus.claims[:sample]
    rows, _ = corpus.floor_rows()
    by_uid = {row["uid"]: row for row in rows[:sample]}
    stores: dict[str, Any] = {}
    saved: dict[str, Any] = {}
    start = time.perf_counter()
    for name, kind in STORES:
        stores[name] = models.Store(name=name, kind=kind).save()
    edges = 0
    for spec in claims:
        row = by_uid[spec.uid]
        source = models.Source(uid=row["source"], kind=row["kind"], locator=row["locator"], url=row["url"],
                               container=row["container"]).save()
        source.store.connect(stores[spec.store])
        snapshot = models.Snapshot(uid=row["snapshot"], sha256=row["sha256"], revised_at=spec.ts,
                                   observed_at=datetime.now(timezone.utc)).save()
        snapshot.source.connect(source)
        claim = models.Claim(uid=spec.uid, aliases=row["aliases"], text=spec.text, subject=spec.subject,
                             value=spec.value, scope=spec.scope, asserted_at=spec.ts, last_cited_at=spec.ts).save()
        claim.cited_at.connect(snapshot, {"line_start": 1, "line_end": 1, "text": spec.text, "subject": spec.subject,
                                          "value": spec.value, "scope": spec.scope})
        saved[spec.uid] = claim
        for target in spec.supersedes:
            if target in saved:
                claim.supersedes.connect(saved[target], {"asserted_at": spec.ts, "valid_from": spec.ts, "scope": spec.scope})
                edges += 1
        for target in spec.depends_on:
            if target in saved:
                claim.depends_on.connect(saved[target], {"asserted_at": spec.ts, "valid_from": spec.ts})
                edges += 1
    seconds = time.perf_counter() - start
    return {
        "seconds": seconds,
        "sample": len(claims),
        "edges": edges,
        "seconds_per_claim": seconds / len(claims) if claims else float("nan"),
        "claims_per_s": len(claims) / seconds if seconds else float("inf"),
    }
