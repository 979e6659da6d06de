"""Two measurements beside the per-size table: verify cost against revision-history length, and four concurrent
ingests of the same data against the same four run one after the other."""
from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

from bench.corpus import generate, write_files
from bench.harness import reset
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

REPO = Path(__file__).resolve().parents[1]
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
    return subprocess.Popen([sys.executable, "-m", "bench.ingest_probe", "--uri", uri, *specs],
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
