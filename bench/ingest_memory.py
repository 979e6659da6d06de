"""Peak memory of an ingest process against the size of its input: does ingest stream?

    PROVGRAPH_BENCH_PORT=7803 python -m bench.ingest_memory                 # 10k vs 100k claims (10x)
    python -m bench.ingest_memory --sizes 100k,1m                           # the issue's pair

Per size: the bench corpus (bench/corpus.py) written to disk as JSON Lines, the graph emptied, then one fresh
`python -m bench.ingest_probe` process ingests every file; its peak RSS (ru_maxrss from wait4) and the input's
bytes are reported. Target: the peak grows at most 2x for 10x the input. Not a timed test.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import harness
from bench.cli import _sizes
from bench.corpus import generate, write_files

REPO = Path(__file__).resolve().parents[1]


def _ingest_peak(uri: str, files: list[tuple[str, str, Path]]) -> dict[str, Any]:
    args = [sys.executable, "-m", "bench.ingest_probe", "--uri", uri, *[f"{s}:{k}:{p}" for s, k, p in files]]
    begin = time.perf_counter()
    process = subprocess.Popen(args, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    out, err = process.stdout.read(), process.stderr.read()  # type: ignore[union-attr]
    if process.returncode != 0:
        raise RuntimeError(f"ingest failed: {err.strip()[-2000:]}")
    return {"seconds": time.perf_counter() - begin, "peak_rss_mib": usage.ru_maxrss / 1024,
            "probe": json.loads(out.strip().splitlines()[-1])}


def _parse_peak(files: list[tuple[str, str, Path]]) -> dict[str, Any]:
    """The readers alone, records kept as the pipeline keeps them (a list per file), in a fresh process."""
    args = [sys.executable, "-m", "bench.ingest_memory", "--probe-parse", *[f"{s}:{k}:{p}" for s, k, p in files]]
    begin = time.perf_counter()
    process = subprocess.Popen(args, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"parse failed: {process.stderr.read().strip()[-2000:]}")  # type: ignore[union-attr]
    return {"seconds": time.perf_counter() - begin, "peak_rss_mib": usage.ru_maxrss / 1024,
            "probe": json.loads(process.stdout.read().strip().splitlines()[-1])}  # type: ignore[union-attr]


def _probe_parse(specs: list[str]) -> int:
    from provgraph.ingest import get as get_ingester
    from provgraph.ingest.records import IngestOptions

    formats = {"cards": "default", "logs": "jsonl"}
    records = 0
    for spec in specs:
        store, kind, path = spec.split(":", 2)
        held = list(get_ingester(kind, formats[kind])(Path(path), IngestOptions(store=store, path=path)))
        records += len(held)
        del held
    print(json.dumps({"records": records}))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--probe-parse"]:
        return _probe_parse(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m bench.ingest_memory", description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=_sizes, default=[10_000, 100_000], help="claims per run (default 10k,100k)")
    parser.add_argument("--port", type=int, default=harness.DEFAULT_PORT, help="the bench server's port (env PROVGRAPH_BENCH_PORT)")
    parser.add_argument("--uri", help="a running server instead of the bench's own (its provgraph data is WIPED)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--parse-only", action="store_true",
                        help="the readers alone, no database: what parsing a file holds in memory")
    args = parser.parse_args(argv)
    if args.parse_only:
        return _report([_parse_run(size, args.seed) for size in args.sizes])
    from provgraph.base.config import Settings

    settings = Settings(uri=args.uri) if args.uri else harness.start_server(args.port)
    graph = harness.connect(settings)
    runs = []
    try:
        for size in args.sizes:
            harness.reset(graph)
            with tempfile.TemporaryDirectory() as folder:
                files = write_files(generate(size, seed=args.seed), Path(folder))
                input_mib = sum(path.stat().st_size for _, _, path in files) / 2**20
                run = {"claims": size, "input_mib": round(input_mib, 1), **_ingest_peak(settings.uri, files)}
            runs.append(run)
            print(json.dumps(run), file=sys.stderr, flush=True)
    finally:
        graph.close()
        if not args.uri:
            harness.stop_server(args.port)
    return _report(runs)


def _parse_run(size: int, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        files = write_files(generate(size, seed=seed), Path(folder))
        input_mib = sum(path.stat().st_size for _, _, path in files) / 2**20
        run = {"claims": size, "input_mib": round(input_mib, 1), **_parse_peak(files)}
    print(json.dumps(run), file=sys.stderr, flush=True)
    return run


def _report(runs: list[dict[str, Any]]) -> int:
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
