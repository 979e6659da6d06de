"""`python -m bench.status_fusion [N]`: what the status pass would save if the server stored the status query's rows
in the statement that computes them, instead of sending them to Python and taking them back.

Ingests the bench corpus of N claims (default 100,000; seed 7) into the bench server's emptied graph, then takes
CHUNKS chunks of `stored_status.CLAIMS_PER_CHUNK` claims and, ROUNDS times, alternately:
- `returned`: the status query read as one list (as the pass reads it), then `status_store` given those rows, in a
  write transaction under the write lock (the pass's other three reads left out: their columns stored as null);
- `fused`: the same status query and the same `status_store` text in one statement (`CALL () { status } WITH {...}
  AS row` in place of `UNWIND $rows AS row`), in the same kind of transaction.
Prints, a round and a way, the wall time, this process's CPU time and the server's. An experiment's measure for
bench/README.md "Ingest write-time pass (issue 41)"; nothing in provgraph runs the fused text. The chunks are stored
again each round (the bench store only: the next bench run empties it).
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from bench import harness
from bench.corpus import generate, write_files
from bench.cpu_split import _own_seconds, _server_seconds, server_pids
from bench.run import _ingest_all
from provgraph.engine import stored_status
from provgraph.engine.account import COLUMNS as ACCOUNT
from provgraph.graph.connection import Graph, Tx, statement

CHUNKS = 12
ROUNDS = 4
# the columns status_store takes from the pass's other reads (expiry, closure, account): null here, in both ways
_OTHERS = ("expires", "edge_scopes", "closure", "closure_scope", "closure_expires", "closure_edge_scopes", *ACCOUNT)


def _ways(graph: Graph, t: Any) -> dict[str, Callable[[list[str]], None]]:
    def params(chunk: list[str]) -> dict[str, Any]:
        return {"claims": chunk, "q": None, "t": t, "subject": None, "only": None}

    probe = params([])
    columns = list(graph.driver.execute_query(statement("status", probe, explain=True), probe).keys)
    head, found, tail = statement("status_store", {"rows": [], "t": t}).partition("UNWIND $rows AS row")
    assert found, "status_store no longer starts from UNWIND $rows AS row"
    fused = (head + "CALL () {\n" + statement("status", probe).rstrip().rstrip(";") + "\n}\nWITH {"
             + ", ".join(f"`{name}`: `{name}`" for name in columns) + "} AS row\n" + tail)

    def returned(chunk: list[str]) -> None:
        rows = graph.read("status", params(chunk), collected=True)
        for row in rows:
            row.update(dict.fromkeys(_OTHERS))

        def unit(tx: Tx) -> None:
            stored_status.lock(tx, changes=False)
            tx.rows("status_store", {"rows": rows, "t": t})

        graph.transaction(unit, write=True)

    def in_one(chunk: list[str]) -> None:
        def unit(tx: Tx) -> None:
            stored_status.lock(tx, changes=False)
            tx.rows(fused, {**params(chunk), "t": t})

        graph.transaction(unit, write=True)

    return {"returned": returned, "fused": in_one}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.status_fusion", description=__doc__.splitlines()[0])
    parser.add_argument("claims", nargs="?", type=int, default=100_000, help="claims in the store (default 100000)")
    parser.add_argument("--port", type=int, default=harness.DEFAULT_PORT)
    parser.add_argument("--chunks", type=int, default=CHUNKS)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args(argv)
    graph = harness.connect(harness.start_server(args.port))
    pids = server_pids(args.port)
    try:
        with tempfile.TemporaryDirectory(prefix="provgraph-fusion-") as folder:
            harness.reset(graph)
            _ingest_all(graph, write_files(generate(args.claims, 7), Path(folder)))
        uids = [row["uid"] for row in graph.read("MATCH (c:Claim) RETURN c.uid AS uid ORDER BY uid")]
        size = stored_status.CLAIMS_PER_CHUNK
        chunks = [uids[begin:begin + size] for begin in range(0, len(uids), size)][1:args.chunks + 1]
        ways = _ways(graph, stored_status.now())
        print(f"{len(chunks)} chunks of {size} claims of {len(uids)}   wall (s)  python cpu (s)  server cpu (s)")
        for number in range(1, args.rounds + 1):
            for name, way in ways.items():
                start = time.perf_counter(), _own_seconds(), _server_seconds(pids)
                for chunk in chunks:
                    way(chunk)
                end = time.perf_counter(), _own_seconds(), _server_seconds(pids)
                wall, python, server = (after - before for after, before in zip(end, start))
                print(f"  round {number} {name:9} {wall:22.2f}  {python:14.2f}  {server:14.2f}")
    finally:
        graph.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
