"""The measurements beside the per-size table, each on a graph shape of its own rather than the corpus's size:

- verify cost against revision-history length (`verify_by_chain_length`);
- four concurrent ingests of the same data against the same four run one after the other (`concurrent_ingest`);
- adversarial closure shapes (`adversarial`), as tests/graphs.py builds them, and how their query time grows:
  - chain: c0 <- c1 <- ... <- c(n-1), each claim superseding the one before. The status of
    the head walks the whole chain (rule 5's cycle check); the revision closure of c0 has
    n-1 successors.
  - diamond ladder: n0 <- (l0, r0) <- n1 <- (l1, r1) <- ...: 2**d paths from the top to the
    bottom. Path enumeration is exponential here; a BFS is linear.
  Each shape is written with two UNWIND statements, then timed with `status([id])` and the
  `revision_closure` query (the revision closure verify checks the candidate set against; verify's own
  queries walk it with the same fragment, provgraph/cypher/rules/revision-walk.cypher).
"""
from __future__ import annotations

import json
import math
import random
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

from bench.common.corpus import generate, write_files
from bench.common.harness import reset
from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

REPO = Path(__file__).resolve().parents[2]
Log = Callable[[str], None]


def _chain_log(path: Path, prefix: str, length: int, claims: int) -> list[list[str]]:
    """Supersession chains of exactly `length` claims (one subject each), as one decision log."""
    chains: list[list[str]] = []
    base = datetime(2024, 1, 1, tzinfo=timezone.utc)
    tick = 0
    with open(path, "w", encoding="utf-8") as handle:
        for number in range(max(1, claims // length)):
            chain: list[str] = []
            for step in range(length):
                tick += 1
                uid = f"{prefix}-{number:05d}-{step:02d}"
                entry: dict[str, Any] = {"id": uid, "ts": (base + timedelta(minutes=tick)).isoformat(),
                                         "subject": f"{prefix}.subject{number}", "value": f"v{step}",
                                         "scope": "org/acme/ops", "text": f"step {step} of {prefix} chain {number}"}
                if chain:
                    entry["supersedes"] = [chain[-1]]
                handle.write(json.dumps(entry) + "\n")
                chain.append(uid)
            chains.append(chain)
    return chains


def verify_by_chain_length(graph: Graph, workdir: Path, log: Log, lengths: tuple[int, int] = (3, 20),
                           claims: int = 6000, requests: int = 1000, seed: int = 7) -> dict[str, Any]:
    """verify_batch throughput when the evidence is the oldest claim of a chain of each length (its closure holds
    every later one), 20 candidates: the chain and fillers from chains of the same length."""
    from provgraph.engine.verify import verify_batch

    reset(graph)
    rng = random.Random(seed)
    out: dict[str, Any] = {"claims_per_length": claims, "requests": requests, "lengths": {}}
    chains_by_length = {}
    for length in lengths:
        path = workdir / f"chains-{length}.jsonl"
        chains_by_length[length] = _chain_log(path, f"ch{length}", length, claims)
        ingest(graph, "logs", path, fmt="jsonl", store=f"chains{length}")
    for length in lengths:
        chains = chains_by_length[length]
        batch = []
        for _ in range(requests):
            chain = rng.choice(chains)
            candidates = list(chain)
            while len(candidates) < 20:
                candidates.append(rng.choice(rng.choice(chains)))
            batch.append({"scope": "org/acme/ops", "at": None, "evidence": [chain[0]],
                          "candidates": list(dict.fromkeys(candidates))[:20]})
        list(verify_batch(graph, batch[:50]))  # warm
        start = time.perf_counter()
        verdicts = list(verify_batch(graph, batch))
        seconds = time.perf_counter() - start
        out["lengths"][str(length)] = {"seconds": seconds, "requests_per_s": len(batch) / seconds,
                                       "verdicts": sorted({v["verdict"] for v in verdicts})}
        log(f"  verify, chains of {length}: {len(batch) / seconds:.0f} req/s")
    short, long = (out["lengths"][str(n)] for n in lengths)
    out["cost_ratio"] = short["requests_per_s"] / long["requests_per_s"]  # per-request time, long / short
    reset(graph)
    return out


def _writer(uri: str, files: list[tuple[str, str, Path]]) -> subprocess.Popen[str]:
    specs = [f"{store}:{kind}:{path}" for store, kind, path in files]
    return subprocess.Popen([sys.executable, "-m", "bench.scale.child", "ingest", "--uri", uri, *specs],
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _finish(process: subprocess.Popen[str]) -> dict[str, Any]:
    stdout, stderr = process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"concurrent ingest writer failed: {stderr.strip()[-2000:]}")
    return json.loads(stdout.strip().splitlines()[-1])


def _shape(graph: Graph) -> dict[str, int]:
    rows = graph.read("MATCH (n) WHERE n:Claim OR n:Snapshot OR n:Source RETURN labels(n)[0] AS label, count(*) AS n, "
                      "count(DISTINCT n.uid) AS uids")
    shape = {row["label"]: row["n"] for row in rows}
    shape["duplicates"] = sum(row["n"] - row["uids"] for row in rows)
    shape["edges"] = graph.read("MATCH (:Claim)-[r]->(:Claim) RETURN count(r) AS n")[0]["n"]
    return shape


def concurrent_ingest(graph: Graph, uri: str, workdir: Path, log: Log, claims: int = 10000, writers: int = 4,
                      seed: int = 7) -> dict[str, Any]:
    """`writers` processes ingesting the same corpus at once, against the same processes one after the other."""
    files = write_files(generate(claims, seed + 2), workdir / f"concurrent-{claims}")
    reset(graph)
    start = time.perf_counter()
    sequential = [_finish(_writer(uri, files)) for _ in range(writers)]
    sequential_seconds = time.perf_counter() - start
    expected = _shape(graph)
    reset(graph)
    start = time.perf_counter()
    processes = [_writer(uri, files) for _ in range(writers)]
    concurrent = [_finish(process) for process in processes]
    concurrent_seconds = time.perf_counter() - start
    found = _shape(graph)
    reset(graph)
    log(f"  {writers} ingests of {claims:,} claims: one after the other {sequential_seconds:.1f}s, "
        f"at once {concurrent_seconds:.1f}s; same graph: {found == expected}")
    return {"claims": claims, "writers": writers, "sequential_seconds": sequential_seconds,
            "concurrent_seconds": concurrent_seconds, "ratio": concurrent_seconds / sequential_seconds,
            "sequential": sequential, "concurrent": concurrent, "same_graph": found == expected,
            "graph": found, "expected": expected}


AT = datetime(2025, 1, 1, tzinfo=timezone.utc)


def _claims(graph: Graph, uids: list[str]) -> None:
    graph.write("MERGE (:Store {name: 'adversarial', kind: 'files'})")
    rows = [{"uid": u, "source": f"adversarial:{u}", "snap": f"adversarial:{u}@v1"} for u in uids]
    for begin in range(0, len(rows), 10_000):
        graph.write(
            "MATCH (st:Store {name: 'adversarial'}) UNWIND $rows AS row "
            "CREATE (c:Claim {uid: row.uid, scope: '', text: row.uid, asserted_at: $t, placeholder: false, aliases: []}) "
            "CREATE (src:Source {uid: row.source, kind: 'markdown', locator: row.uid})-[:IN]->(st) "
            "CREATE (s:Snapshot {uid: row.snap, sha256: row.uid, revised_at: $t, observed_at: $t, deleted: false})-[:OF]->(src) "
            "CREATE (c)-[:CITED_AT {line_start: 1, line_end: 1, text: row.uid, scope: ''}]->(s)",
            {"rows": rows[begin:begin + 10_000], "t": AT},
        )


def _supersedes(graph: Graph, pairs: list[tuple[str, str]]) -> None:
    for begin in range(0, len(pairs), 10_000):
        graph.write(
            "UNWIND $pairs AS pair MATCH (a:Claim {uid: pair[0]}), (b:Claim {uid: pair[1]}) "
            "CREATE (a)-[:SUPERSEDES {asserted_at: $t, valid_from: $t, scope: '', via: ''}]->(b)",
            {"pairs": [list(p) for p in pairs[begin:begin + 10_000]], "t": AT},
        )


def build_chain(graph: Graph, length: int) -> tuple[str, str]:
    """Returns (bottom, head)."""
    uids = [f"chain{i}" for i in range(length)]
    _claims(graph, uids)
    _supersedes(graph, [(uids[i + 1], uids[i]) for i in range(length - 1)])
    return uids[0], uids[-1]


def build_ladder(graph: Graph, diamonds: int) -> tuple[str, str]:
    nodes = [f"ladder_n{i}" for i in range(diamonds + 1)]
    sides = [f"ladder_{side}{i}" for i in range(diamonds) for side in ("l", "r")]
    _claims(graph, nodes + sides)
    pairs = []
    for i in range(diamonds):
        for side in ("l", "r"):
            pairs.append((f"ladder_{side}{i}", nodes[i]))
            pairs.append((nodes[i + 1], f"ladder_{side}{i}"))
    _supersedes(graph, pairs)
    return nodes[0], nodes[-1]


def _best_of(runs: int, action: Callable[[], Any]) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = action()
        best = min(best, time.perf_counter() - start)
    return best, result


def adversarial(graph: Graph, chain_sizes: list[int], ladder_sizes: list[int], runs: int = 3) -> dict[str, Any]:
    """Time status(head) and revision_closure(bottom) for each size; exponent = slope on a log-log scale."""
    closure = "revision_closure"
    out: dict[str, Any] = {}
    for shape, sizes, build in (("chain", chain_sizes, build_chain), ("diamond_ladder", ladder_sizes, build_ladder)):
        points = []
        for size in sizes:
            reset(graph)
            bottom, head = build(graph, size)
            status(graph, [head])  # warm the plan cache
            status_s, rows = _best_of(runs, lambda: status(graph, [head]))  # noqa: B023 - run before the loop moves on
            closure_s, successors = _best_of(
                runs, lambda: graph.read(closure, {"claims": [bottom], "q": None, "t": datetime.now(timezone.utc)}))  # noqa: B023
            points.append({
                "size": size,
                "claims": size if shape == "chain" else 3 * size + 1,
                "status_head_s": round(status_s, 4),
                "head_status": f"{rows[0].status}/{rows[0].reason}",
                "closure_bottom_s": round(closure_s, 4),
                "closure_rows": len(successors),
            })
        out[shape] = {"points": points, "status_exponent": _exponent(points, "status_head_s"),
                      "closure_exponent": _exponent(points, "closure_bottom_s")}
    reset(graph)
    return out


def _exponent(points: list[dict[str, Any]], key: str) -> float | None:
    """k in time ~ size**k between the smallest and the largest size (1 = linear, 2 = quadratic)."""
    if len(points) < 2:
        return None
    first, last = points[0], points[-1]
    if first[key] <= 0 or last[key] <= 0 or first["size"] == last["size"]:
        return None
    return round(math.log(last[key] / first[key]) / math.log(last["size"] / first["size"]), 2)
