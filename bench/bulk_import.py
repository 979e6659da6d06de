"""What a bulk first load costs: the corpus written by `neo4j-admin database import full`, then the write-time pass.

    python -m bench.bulk_import [--claims N] [--seed S] [--port P] [--heap 4g --pagecache 8g]

The issue-41 lever not measured before (bench/README.md "What stands in the way of 3x the floor", (c)): Neo4j's own
bulk path into a stopped local server. On the bench server (`--port`, default PROVGRAPH_BENCH_PORT), started on an
empty data folder: provgraph's schema installed, the server stopped (the bulk path must stop it), the corpus's
nodes and relationships written as the import's CSV files (the raw floor's properties, and what ingest_observations
adds to a claim it creates: the full-text fields from the same `fulltext.search_fields`, the never-retired mark, the
SuspectsPending label on free text), imported, the server started again, `install_schema` run on what was imported
(its indexes populated; every statement it runs timed), then the write-time pass an ingest into an empty graph runs
after its batches (`stored_status.settle_load`, `store_pending`: ranks, marks, every claim's status). Not done: the
suspects pass and the ingest's run record. Then the graph is emptied and the raw floor (`baselines.raw_floor`)
written on the same server, so the ratio is of one run.

The bench server's data folder is replaced. Prints one JSON object; seconds are wall-clock.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import subprocess
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from bench import baselines, harness
from bench.corpus import STORES, Corpus, generate
from bench.profiling import StatementTimer
from provgraph.engine import stored_status
from provgraph.graph import fulltext
from provgraph.graph.connection import Graph
from provgraph.graph.schema import install_schema
from provgraph.graph.server import local, runtime

ARRAY_DELIMITER = "|"
NEVER_RETIRED = datetime(9999, 12, 31, tzinfo=timezone.utc)  # what ingest_observations gives a claim it creates
_RELATIONSHIPS = "MATCH ()-[r]->() RETURN count(r) AS n"
_STATUSES = "MATCH (c:Claim) RETURN c.status AS status, count(*) AS n"
_UNSEARCHABLE = "MATCH (c:Claim) WHERE c.search_version IS NULL RETURN count(c) AS n"


def _typed(value: Any) -> str:
    """The import header's type of a property value (None when the value says nothing)."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "long"
    if isinstance(value, datetime):
        return "datetime"
    if isinstance(value, list):
        return "string[]"
    return "string"


def _cell(value: Any) -> Any:
    if value is None:
        return ""  # an empty field: the property is not set
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, list):
        if any(ARRAY_DELIMITER in str(item) for item in value):
            raise ValueError(f"an array item holds the delimiter {ARRAY_DELIMITER!r}: {value!r}")
        return ARRAY_DELIMITER.join(map(str, value))
    return value


def _write(path: Path, rows: list[dict[str, Any]], kinds: dict[str, str]) -> None:
    """Rows (dicts with the same keys) as an import CSV: a key with a colon is the import's own column (an ID, a
    label, a type, an end), any other a property, typed by `kinds` or else by its first value that is not None."""
    names = list(rows[0]) if rows else []
    header = [name if ":" in name else f"{name}:{kinds.get(name) or _typed(next((r[name] for r in rows if r[name] is not None), ''))}"
              for name in names]
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows([_cell(row[name]) for name in names] for row in rows)


def write_csv(corpus: Corpus, folder: Path) -> tuple[list[Path], list[Path]]:
    """The raw floor's graph (`Corpus.floor_rows`, the statements of `baselines.raw_floor`) and each claim's
    full-text fields as neo4j-admin import files. Returns (node files, relationship files)."""
    rows, edges = corpus.floor_rows()
    by_uid = {row["uid"]: row for row in rows}
    sources = {row["source"]: row for row in rows}
    now = datetime.now(timezone.utc)  # every snapshot observed at the load's start, as raw_floor's $now
    nodes = {
        "stores": [{"name:ID(Store)": name, "kind": kind, ":LABEL": "Store"} for name, kind in STORES],
        "sources": [{"uid:ID(Source)": r["source"], "kind": r["kind"], "locator": r["locator"], "url": r["url"],
                    "container": r["container"], ":LABEL": "Source"} for r in sources.values()],
        "snapshots": [{"uid:ID(Snapshot)": r["snapshot"], "sha256": r["sha256"], "revised_at": r["ts"],
                    "observed_at": now, "deleted": False, ":LABEL": "Snapshot"} for r in rows],
        "claims": [{"uid:ID(Claim)": r["uid"], "aliases": r["aliases"], "text": r["text"], "subject": r["subject"],
                    "value": r["value"], "scope": r["scope"], "asserted_at": r["ts"], "placeholder": False,
                    "last_cited_at": r["ts"],
                    "status_retired_since": NEVER_RETIRED,
                    **(search := fulltext.search_fields(None, r["subject"], r["value"], r["text"], r["scope"])),
                    ":LABEL": "Claim;SuspectsPending" if search["search_free_text"] else "Claim"} for r in rows],
    }
    relationships = {
        "in": [{":START_ID(Source)": r["source"], ":END_ID(Store)": r["store"], ":TYPE": "IN"} for r in sources.values()],
        "of": [{":START_ID(Snapshot)": r["snapshot"], ":END_ID(Source)": r["source"], ":TYPE": "OF"} for r in rows],
        "cited_at": [{":START_ID(Claim)": r["uid"], ":END_ID(Snapshot)": r["snapshot"], "line_start": 1, "line_end": 1,
                      "text": r["text"], "subject": r["subject"], "value": r["value"], "scope": r["scope"], "rewritten": False,
                      ":TYPE": "CITED_AT"} for r in rows],
        "edges": [{":START_ID(Claim)": a, ":END_ID(Claim)": b, "asserted_at": by_uid[a]["ts"], "valid_from": by_uid[a]["ts"],
                   "scope": by_uid[a]["scope"], "via": "", "recorded_in": [by_uid[a]["snapshot"]],
                   "sources": [by_uid[a]["source"]], ":TYPE": kind} for kind, a, b in edges],
    }
    # a value a column's first row lacks still has its type: the lists and the flags the search fields give
    kinds = {"aliases": "string[]", "search_terms": "string[]", "search_words": "string[]",
             "search_stems": "string[]", "search_free_text": "boolean", "recorded_in": "string[]", "sources": "string[]"}
    node_files, relationship_files = [], []
    for name, node_rows in nodes.items():
        _write(folder / f"{name}.csv", node_rows, kinds)
        node_files.append(folder / f"{name}.csv")
    for name, relationship_rows in relationships.items():
        _write(folder / f"{name}.csv", relationship_rows, kinds)
        relationship_files.append(folder / f"{name}.csv")
    return node_files, relationship_files


def _import(port: int, nodes: list[Path], relationships: list[Path]) -> subprocess.CompletedProcess:
    """`neo4j-admin database import full` (its class, on the local server's own jars) into the stopped server."""
    home = local.data_dir(harness.server_options(port)) / "neo4j"
    jars = runtime.install() / "lib"
    command = ["java", f"-Xmx{harness.MEMORY['heap']}", "-cp", f"{jars}/*", "org.neo4j.cli.AdminTool",
               "database", "import", "full", "neo4j", "--overwrite-destination=true",
               f"--array-delimiter={ARRAY_DELIMITER}", "--multiline-fields=true",
               *[f"--nodes={path}" for path in nodes], *[f"--relationships={path}" for path in relationships]]
    environment = dict(os.environ, NEO4J_HOME=str(home), NEO4J_CONF=str(home / "conf"))
    return subprocess.run(command, env=environment, capture_output=True, text=True, cwd=home.parent)


def measure(claims: int, seed: int, port: int) -> dict[str, Any]:
    corpus = generate(claims, seed=seed)
    result: dict[str, Any] = {"claims": claims, "edges": len(corpus.edges), "heap": harness.MEMORY["heap"],
                              "pagecache": harness.MEMORY["pagecache"]}
    harness.stop_server(port)
    shutil.rmtree(local.data_dir(harness.server_options(port)), ignore_errors=True)
    graph = harness.connect(harness.start_server(port))  # an empty store with provgraph's schema, as a first load meets it
    graph.close()
    began = time.perf_counter()
    harness.stop_server(port)
    result["stop_empty_seconds"] = time.perf_counter() - began
    with tempfile.TemporaryDirectory(prefix="provgraph-bulk-") as folder:
        began = time.perf_counter()
        nodes, relationships = write_csv(corpus, Path(folder))
        result["csv_seconds"] = time.perf_counter() - began
        result["csv_bytes"] = sum(path.stat().st_size for path in nodes + relationships)
        began = time.perf_counter()
        imported = _import(port, nodes, relationships)
        result["import_seconds"] = time.perf_counter() - began
    if imported.returncode != 0:
        raise RuntimeError(f"neo4j-admin import exited {imported.returncode}: {(imported.stdout + imported.stderr)[-2000:]}")
    began = time.perf_counter()
    graph = Graph(harness.start_server(port))
    result["start_seconds"] = time.perf_counter() - began
    result["imported_without_search_fields"] = graph.read(_UNSEARCHABLE)[0]["n"]  # the schema would fill these in
    began = time.perf_counter()
    with StatementTimer() as timer:
        install_schema(graph)
    result["schema_seconds"] = time.perf_counter() - began
    result["schema_statements"] = {name: round(seconds, 2) for name, seconds in sorted(timer.seconds.items(), key=lambda i: -i[1])[:6]}
    result["claims_read"] = graph.read("MATCH (c:Claim) RETURN count(c) AS n")[0]["n"]
    result["relationships_read"] = graph.read(_RELATIONSHIPS)[0]["n"]
    began = time.perf_counter()
    shallow = stored_status.settle_load(graph, [claim.uid for claim in corpus.claims])
    result["settle_seconds"] = time.perf_counter() - began
    began = time.perf_counter()
    result["stored"] = stored_status.store_pending(graph, shallow)
    result["status_pass_seconds"] = time.perf_counter() - began
    result["statuses"] = {row["status"]: row["n"] for row in graph.read(_STATUSES)}
    result["bulk_seconds"] = sum(result[part] for part in ("stop_empty_seconds", "csv_seconds", "import_seconds", "start_seconds",
                                                           "schema_seconds", "settle_seconds", "status_pass_seconds"))
    harness.reset(graph)
    result["floor_seconds"] = baselines.raw_floor(graph, corpus)["seconds"]
    result["floor_relationships"] = graph.read(_RELATIONSHIPS)[0]["n"]
    result["bulk_vs_floor"] = result["bulk_seconds"] / result["floor_seconds"]
    graph.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--claims", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--port", type=int, default=harness.DEFAULT_PORT)
    parser.add_argument("--heap", default=None)
    parser.add_argument("--pagecache", default=None)
    args = parser.parse_args()
    harness.use_memory(args.port, args.heap, args.pagecache)
    print(json.dumps(measure(args.claims, args.seed, args.port), indent=1))


if __name__ == "__main__":
    main()
