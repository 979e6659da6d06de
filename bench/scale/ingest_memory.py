"""Peak memory of an ingest process against the size of its input: does ingest stream?

    PROVGRAPH_BENCH_PORT=7803 python -m bench.scale.ingest_memory                 # 10k vs 100k claims (10x)
    python -m bench.scale.ingest_memory --sizes 100k,1m                           # the issue's pair

Per size: the bench corpus (bench/common/corpus.py) written to disk as JSON Lines, the graph emptied, then one fresh
`python -m bench.scale.child ingest` process ingests every file; its peak RSS (VmHWM, which the process reads itself at its
end: ru_maxrss from wait4 would count the bench's own memory, which a child forked from it starts with) and the
input's bytes are reported. Target: the peak grows at most 2x for 10x the input. Not a timed test.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import harness
from bench.common.corpus import generate, sizes, write_files

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
    parser = argparse.ArgumentParser(prog="python -m bench.scale.ingest_memory", description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=sizes, default=[10_000, 100_000], help="claims per run (default 10k,100k)")
    parser.add_argument("--port", type=int, default=harness.DEFAULT_PORT, help="the bench server's port (env PROVGRAPH_BENCH_PORT)")
    parser.add_argument("--uri", help="a running server instead of the bench's own (its provgraph data is WIPED)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--parse-only", action="store_true",
                        help="the readers and the pipeline's two passes, no database: what reading a file holds in memory")
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
                run = {"claims": size, "input_mib": input_mib, **_ingest_peak(settings.uri, files)}
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
        run = {"claims": size, "input_mib": input_mib, **_parse_peak(files)}
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
