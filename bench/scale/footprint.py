"""What provgraph takes on this machine: a store of N claims on disk and in the server's heap, projected to 10M claims
(issue 41, a step of every `make bench` run); and an ingest process's peak memory against its input (issue 25):

    PROVGRAPH_BENCH_PORT=7803 python -m bench.scale.footprint                 # ingest memory: 10k vs 100k claims (10x)
    python -m bench.scale.footprint --sizes 100k,1m                           # the issue's pair
    python -m bench.scale.footprint --parse-only                              # the readers and the pipeline, no database

`measure` reads the store's files on disk (`databases/<db>`: the page cache that holds the whole store) and its
transaction logs (`transactions/<db>`), the server's heap (used now, and the old generation's peak since the server
started: what stayed live) and its memory settings. Community has no `db.checkpoint()`: pages written since the
last periodic checkpoint (every 250 MiB of log, 100,000 transactions or 15 minutes) are in the logs, not yet in the
store files, so the disk a store needs is the two together. Store files never shrink: a wipe leaves them at their
high-water mark, so a size is its own only when its files grew past what they held at its start (`disk_at_start`);
for a run's own numbers, start it on a fresh data folder (bench/README.md). `project` takes the two largest sizes of
a run and carries each measure to 10M claims along the power law through them (value ~ claims^k): the 10M row the lead
states when a 10M load does not fit the machine or the night.

Ingest memory (`main`), per size: the bench corpus (bench/common/corpus.py) written to disk as JSON Lines, the graph
emptied, then one fresh `python -m bench.scale.child ingest` process ingests every file; its peak RSS (VmHWM, which the
process reads itself at its end: ru_maxrss from wait4 would count the bench's own memory, which a child forked from it
starts with) and the input's bytes are reported. Target: the peak grows at most 2x for 10x the input. Not a timed test.
"""
from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import harness
from bench.common import corpus
from provgraph.graph.connection import Graph

TARGET = 10_000_000
_HEAP = "CALL dbms.queryJmx('java.lang:type=Memory') YIELD attributes RETURN attributes.HeapMemoryUsage.value.properties AS heap"
_POOLS = ("CALL dbms.queryJmx('java.lang:type=MemoryPool,*') YIELD name, attributes "
          "RETURN name, attributes.PeakUsage.value.properties.used AS peak")
_SETTINGS = ("SHOW SETTINGS YIELD name, value WHERE name IN ['server.memory.pagecache.size', 'server.memory.heap.max_size'] "
             "RETURN name, value")


def _bytes(folder: Path) -> int | None:
    if not folder.is_dir():
        return None
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


_PARTS = (("indexes", "schema/"), ("strings", ".strings"), ("arrays", ".arrays"), ("properties", "propertystore"),
          ("relationships", "relationship"), ("nodes", "nodestore"))


def parts(folder: Path) -> dict[str, int]:
    """The store's bytes by what they hold (the first of _PARTS a file's path names; `other` for the rest): which
    part a smaller footprint must come from."""
    out: dict[str, int] = {}
    for path in folder.rglob("*"):
        if path.is_file():
            name = path.relative_to(folder).as_posix()
            part = next((part for part, mark in _PARTS if mark in name), "other")
            out[part] = out.get(part, 0) + path.stat().st_size
    return dict(sorted(out.items(), key=lambda item: -item[1]))


def disk(graph: Graph, data_dir: Path | None) -> dict[str, Any]:
    """The bytes of the store's files and of its transaction logs; empty for a server given by --uri."""
    if data_dir is None:
        return {}
    data = data_dir / "neo4j" / "data"
    database = graph.settings.database or "neo4j"
    store = data / "databases" / database
    return {"store_bytes": _bytes(store), "tx_log_bytes": _bytes(data / "transactions" / database),
            "store_parts": parts(store) if store.is_dir() else {}}


def measure(graph: Graph, data_dir: Path | None, claims: int, at_start: dict[str, int | None] | None = None) -> dict[str, Any]:
    """The store's footprint now; `data_dir` is the bench server's (None: a server given by --uri, disk unknown);
    `at_start`: `disk` when the size began (after the wipe)."""
    out: dict[str, Any] = {"claims": claims, **disk(graph, data_dir)}
    if at_start:
        out["disk_at_start"] = at_start
        out["store_own"] = bool(out.get("store_bytes")) and out["store_bytes"] > (at_start.get("store_bytes") or 0)
    try:
        out["heap"] = graph.read(_HEAP)[0]["heap"]
        pools = {row["name"]: row["peak"] for row in graph.read(_POOLS)}
        out["old_gen_peak_bytes"] = next((peak for name, peak in pools.items() if "Old Gen" in name), None)
        out["settings"] = {row["name"]: row["value"] for row in graph.read(_SETTINGS)}
    except Exception as error:  # noqa: BLE001 - a server without JMX access still gets its disk measured
        out["note"] = f"{type(error).__name__}: {str(error)[:200]}"
    for key in ("store_bytes", "tx_log_bytes"):
        if out.get(key):
            out[key.replace("_bytes", "_bytes_per_claim")] = round(out[key] / claims, 1)
    if out.get("store_bytes") and out.get("tx_log_bytes"):
        out["disk_bytes"] = out["store_bytes"] + out["tx_log_bytes"]
    return out


def _power(small: float, large: float, n_small: int, n_large: int, n_target: int) -> tuple[float, float] | None:
    """(value at n_target, exponent k) along value ~ n^k through the two points; None if either is missing or 0."""
    if not small or not large or n_large <= n_small:
        return None
    k = math.log(large / small) / math.log(n_large / n_small)
    return large * (n_target / n_large) ** k, k


def _get(size: dict[str, Any], path: tuple[str, ...]) -> float | None:
    value: Any = size
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value if isinstance(value, (int, float)) else None


PROJECTED = {  # name -> where a size's result holds it
    "ingest_seconds": ("ingest", "seconds"),
    "raw_floor_seconds": ("raw_floor", "seconds"),
    "reingest_seconds": ("reingest", "seconds"),
    "status_all_seconds": ("status_all", "seconds"),
    "append_seconds": ("append", "new", "seconds"),
    "append_supersede_seconds": ("append", "supersede", "seconds"),
    "store_bytes": ("footprint", "store_bytes"),
    "tx_log_bytes": ("footprint", "tx_log_bytes"),
    "disk_bytes": ("footprint", "disk_bytes"),
    "old_gen_peak_bytes": ("footprint", "old_gen_peak_bytes"),
}


def project(sizes: list[dict[str, Any]], target: int = TARGET) -> dict[str, Any] | None:
    """Each measure of PROJECTED at `target` claims from the run's two largest sizes; None with fewer than two."""
    ordered = sorted(sizes, key=lambda size: size["claims"])
    if len(ordered) < 2 or ordered[-1]["claims"] >= target:
        return None
    small, large = ordered[-2], ordered[-1]
    out: dict[str, Any] = {"from": small["claims"], "to": large["claims"], "target": target, "measures": {}}
    for name, path in PROJECTED.items():
        found = _power(_get(small, path) or 0, _get(large, path) or 0, small["claims"], large["claims"], target)
        if found:
            out["measures"][name] = {"value": round(found[0], 1), "exponent": round(found[1], 3)}
    return out


REPO = Path(__file__).resolve().parents[2]


def _probe(what: str, module: list[str], files: list[tuple[str, str, Path]]) -> dict[str, Any]:
    """Run a probe in a fresh process; its wall time, peak RSS and last JSON line."""
    args = [sys.executable, "-m", *module, *[f"{s}:{k}:{p}" for s, k, p in files]]
    begin = time.perf_counter()
    process = subprocess.Popen(args, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"{what} failed: {err.strip()[-2000:]}")
    probe = json.loads(out.strip().splitlines()[-1])
    return {"seconds": time.perf_counter() - begin, "peak_rss_mib": probe["peak_rss_kib"] / 1024, "probe": probe}


def _ingest_peak(uri: str, files: list[tuple[str, str, Path]]) -> dict[str, Any]:
    return _probe("ingest", ["bench.scale.child", "ingest", "--uri", uri], files)


def _parse_peak(files: list[tuple[str, str, Path]]) -> dict[str, Any]:
    """The readers and the pipeline's two passes without a database (index, then batches), in a fresh process."""
    return _probe("parse", ["bench.scale.child", "parse"], files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale.footprint",
                                     description="Peak memory of an ingest process against the size of its input: does ingest stream?",
                                     epilog=harness.OWN_SERVER)
    parser.add_argument("--sizes", type=corpus.sizes, default=[10_000, 100_000], help="claims per run (default 10k,100k)")
    parser.add_argument("--port", type=int, default=harness.DEFAULT_PORT, help="the bench server's port (env PROVGRAPH_BENCH_PORT)")
    parser.add_argument("--uri", help="a running server instead of the bench's own (its provgraph data is WIPED)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--parse-only", action="store_true",
                        help="the readers and the pipeline's two passes, no database: what reading a file holds in memory")
    args = parser.parse_args(argv)
    if args.parse_only:
        return _peak_table([_parse_run(size, args.seed) for size in args.sizes])
    runs = []
    with harness.bench_server(args.uri, args.port) as settings, harness.connect(settings) as graph:
        for size in args.sizes:
            harness.reset(graph)
            with tempfile.TemporaryDirectory() as folder:
                files = corpus.write_files(corpus.generate(size, seed=args.seed), Path(folder))
                input_mib = sum(path.stat().st_size for _, _, path in files) / 2**20
                run = {"claims": size, "input_mib": input_mib, **_ingest_peak(settings.uri, files)}
            runs.append(run)
            print(json.dumps(run), file=sys.stderr, flush=True)
    return _peak_table(runs)


def _parse_run(size: int, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        files = corpus.write_files(corpus.generate(size, seed=seed), Path(folder))
        input_mib = sum(path.stat().st_size for _, _, path in files) / 2**20
        run = {"claims": size, "input_mib": input_mib, **_parse_peak(files)}
    print(json.dumps(run), file=sys.stderr, flush=True)
    return run


def _peak_table(runs: list[dict[str, Any]]) -> int:
    print("| claims | input MiB | seconds | peak RSS MiB |\n|---|---|---|---|")
    for run in runs:
        print(f"| {run['claims']:,} | {run['input_mib']:.1f} | {run['seconds']:.0f} | {run['peak_rss_mib']:.0f} |")
    if len(runs) > 1:
        first, last = runs[0], runs[-1]
        print(f"input x{last['input_mib'] / first['input_mib']:.1f} -> peak RSS x{last['peak_rss_mib'] / first['peak_rss_mib']:.2f} "
              f"(target <= 2x for 10x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
