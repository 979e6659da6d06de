"""The baselines every ratio is measured against, run in the same process on the same server.

- `raw_floor`: the corpus's nodes and relationships written with plain `UNWIND ... CREATE`
  in 10k-row batches (no MERGE, no hashing, no parsing): what Neo4j costs on its own.
- `ogm_naive`: one neomodel save per object, the way a first version might do it, on a
  sample; the caller extrapolates per claim.
- `RAW_SCAN`: every claim with its direct successor count, the cheapest query that
  returns one row per claim with a graph look-up; status-all is compared with it.
- `read_finished` and `finished_floor`: the graph an ingest left (every node and relationship with every property,
  the stored status and full-text fields included) written again the raw floor's way: what writing what an ingest
  keeps costs, with nothing computed (`python -m bench.cpu_split --finished`).
"""
from __future__ import annotations

import pickle
import time
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from bench.corpus import STORES, Corpus
from provgraph.base.times import native
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


# the graph as read back, FLOOR_BATCH rows a chunk: node groups (labels) and relationship groups (type, start label,
# end label), each held in memory or pickled to a file (`spill`)
Finished = dict[tuple[str, ...], "list[list[Any]] | Path"]

_KEYS = "SHOW CONSTRAINTS YIELD type, entityType, labelsOrTypes, properties " \
        "WHERE type = 'UNIQUENESS' AND entityType = 'NODE' AND size(properties) = 1 " \
        "RETURN labelsOrTypes[0] AS label, properties[0] AS key"
_NODES = "MATCH (n) RETURN labels(n) AS labels, properties(n) AS props"
_RELATIONSHIPS = """
MATCH (a)-[r]->(b)
WITH r, a, b, [l IN labels(a) WHERE l IN keys($keys)][0] AS al, [l IN labels(b) WHERE l IN keys($keys)][0] AS bl
RETURN type(r) AS type, properties(r) AS props, al, a[$keys[al]] AS a, bl, b[$keys[bl]] AS b
"""


def _native(props: dict[str, Any]) -> dict[str, Any]:
    """Properties with the driver's times as Python's own (`times.native`), a zoned one at UTC: the kind the driver
    packs fastest (graph/driver.py)."""
    values = {key: native(value) for key, value in props.items()}
    return {key: value.astimezone(timezone.utc) if isinstance(value, datetime) and value.tzinfo is not None else value
            for key, value in values.items()}


def _name(word: str) -> str:
    return "`" + word.replace("`", "``") + "`"


def read_finished(graph: Graph, spill: Path | None = None) -> tuple[Finished, dict[str, str]]:
    """Every node and relationship of the graph, with every property: held in memory (about 13 KB a claim of the bench
    corpus), or with `spill` (a folder) pickled there a chunk at a time. Returns (groups, the key property of each
    label: its uniqueness constraint's); a node of no such label is refused."""
    keys = {row["label"]: row["key"] for row in graph.read(_KEYS)}
    held: dict[tuple[str, ...], list[list[Any]]] = defaultdict(lambda: [[]])
    files: dict[tuple[str, ...], Path] = {}

    def add(group: tuple[str, ...], row: Any) -> None:
        chunks = held[group]
        if len(chunks[-1]) >= FLOOR_BATCH:
            if spill is not None:
                path = files.setdefault(group, spill / f"finished-{len(files)}.pickle")
                with open(path, "ab") as handle:
                    pickle.dump(chunks.pop(), handle)
            chunks.append([])
        chunks[-1].append(row)

    for row in graph.stream(_NODES):
        if not any(label in keys for label in row["labels"]):
            raise RuntimeError(f"a node with no key label: {row['labels']}")
        add(("node", *sorted(row["labels"])), _native(row["props"]))
    for row in graph.stream(_RELATIONSHIPS, {"keys": keys}):
        add(("relationship", row["type"], row["al"], row["bl"]), {"a": row["a"], "b": row["b"], "props": _native(row["props"])})
    for group, path in files.items():
        with open(path, "ab") as handle:
            pickle.dump(held.pop(group)[-1], handle)
    return {**held, **files}, keys


def _chunks(held: "list[list[Any]] | Path") -> Iterator[list[Any]]:
    if not isinstance(held, Path):
        yield from held
        return
    with open(held, "rb") as handle:
        while True:
            try:
                yield pickle.load(handle)
            except EOFError:
                return


def _run(tx: Any, text: str, rows: list[Any]) -> None:
    tx.run(text, rows=rows).consume()


def _create(group: tuple[str, ...], keys: dict[str, str]) -> str:
    """The statement that writes a chunk of `group`'s rows: a node group's with its labels, a relationship group's
    between the nodes its ends' keys name."""
    if group[0] == "node":
        return f"UNWIND $rows AS row CREATE (n:{':'.join(map(_name, group[1:]))}) SET n = row"
    kind, al, bl = group[1:]
    return (f"UNWIND $rows AS row MATCH (a:{_name(al)} {{{_name(keys[al])}: row.a}}) "
            f"MATCH (b:{_name(bl)} {{{_name(keys[bl])}: row.b}}) CREATE (a)-[r:{_name(kind)}]->(b) SET r = row.props")


def finished_floor(graph: Graph, groups: Finished, keys: dict[str, str]) -> dict[str, Any]:
    """Write `read_finished`'s graph into the emptied graph with plain `UNWIND ... CREATE ... SET x = row` in
    FLOOR_BATCH-row transactions, every node first, as `raw_floor` does; the nodes an emptied graph keeps (its
    schema record and write lock) are not written again. Returns timings (`writing_seconds`: inside the transactions,
    without reading spilled chunks back) and counts."""
    kept = {("node", *sorted(row["labels"])) for row in graph.read("MATCH (n) RETURN DISTINCT labels(n) AS labels")}
    start = time.perf_counter()
    written = {"node": 0, "relationship": 0}
    properties = 0
    writing = 0.0

    def write(session: Any, text: str, rows: list[Any]) -> None:
        nonlocal writing
        began = time.perf_counter()
        session.execute_write(_run, text, rows)
        writing += time.perf_counter() - began

    with graph.driver.session(database=graph.settings.database) as session:
        for group in sorted(groups, key=lambda group: group[0] != "node"):  # every node first
            if group in kept:
                continue
            text = _create(group, keys)
            for rows in _chunks(groups[group]):
                write(session, text, rows)
                written[group[0]] += len(rows)
                properties += sum(len(row["props"]) if group[0] == "relationship" else len(row) for row in rows)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "writing_seconds": writing, "nodes": written["node"],
            "relationships": written["relationship"], "properties": properties}
