"""How long `provgraph` takes to start: process wall time of commands that never reach the database, and of one that
does, less the time its query takes in-process (issue 42, item 7).

    PROVGRAPH_BENCH_PORT=7752 .venv/bin/python -m bench.served.cli_start            # starts the bench server, 10 runs each
    .venv/bin/python -m bench.served.cli_start --no-server                         # only the commands that need no database
    .venv/bin/python -m bench.served.cli_start --uri bolt://127.0.0.1:7687 --runs 20   # a running server: its data is WIPED

Each command is run `--runs` times as a new process (the installed `provgraph` script next to this Python); the
median is reported. `status` runs against the bench server holding examples/adr; its in-process time is the median
of the same question (`Provgraph.status` on one claim, `--format json`'s text) on an open connection, so the
difference is what a process pays to start: the interpreter, imports, the connection and the schema check.
`import provgraph.cli` is also timed alone (median, each in a new interpreter), with whether it loaded the driver.
Targets (issue 42): --help, --version and a usage error at most 0.15 s; status at most 0.15 s above its query.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

from bench.common import harness
from bench.common.harness import emit

ROOT = Path(__file__).resolve().parents[2]
TARGET_S = 0.15
PROVGRAPH = str(Path(sys.executable).with_name("provgraph"))

NO_DATABASE = {
    "--help": ["--help"],
    "--version": ["--version"],
    "usage error (status --no-such-option)": ["status", "--no-such-option"],
    "status --help": ["status", "--help"],
}

_IMPORT_PROBE = ("import sys, time; t = time.perf_counter(); import provgraph.cli; "
                 "print(time.perf_counter() - t, 'neo4j' in sys.modules)")


def _median(seconds: Callable[[], float], runs: int) -> float:
    return statistics.median(seconds() for _ in range(runs))


def _process(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds, and CPU seconds (user + system) of the process: on a loaded machine the CPU time says what
    the process itself costs, the wall time what a user waits."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([PROVGRAPH, *argv], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _medians(argv: list[str], env: dict[str, str], runs: int) -> dict[str, float]:
    measured = [_process(argv, env) for _ in range(runs)]
    return {"wall_s": round(statistics.median(wall for wall, _ in measured), 3),
            "cpu_s": round(statistics.median(cpu for _, cpu in measured), 3)}


def import_cli(runs: int) -> dict[str, Any]:
    """`import provgraph.cli` alone, in a new interpreter each time; whether it loads the neo4j driver."""
    times, driver = [], False
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", _IMPORT_PROBE], capture_output=True, text=True, check=True).stdout
        seconds, loaded = out.split()
        times.append(float(seconds))
        driver = driver or loaded == "True"
    return {"import_s": round(statistics.median(times), 3), "imports_neo4j": driver}


def no_database(runs: int) -> dict[str, dict[str, float]]:
    env = dict(os.environ)
    return {name: _medians(argv, env, runs) for name, argv in NO_DATABASE.items()}


def with_database(uri: str, runs: int) -> dict[str, Any]:
    """`provgraph status CLAIM --format json` as a process against `uri`, and the same question in-process."""
    from provgraph.api import connect
    from provgraph.base.config import Settings

    settings = Settings.from_env(uri=uri)
    with connect(settings=settings) as pg:
        pg.reset()
        pg.ingest_files(ROOT / "examples" / "adr", store="adr")
        claim = pg.status()[0].claim
        pg.status(claim).to_json()  # warm the server's plans
        in_process = _median(lambda: _timed(lambda: pg.status(claim).to_json()), runs)
    env = dict(os.environ, NEO4J_URI=uri)
    argv = ["status", claim, "--format", "json"]
    _process(argv, env)
    process = _medians(argv, env, runs)
    return {"claim": claim, "status_process": process, "status_query_in_process_s": round(in_process, 4),
            "status_above_query_s": round(process["wall_s"] - in_process, 3)}


def _python_alone(runs: int) -> dict[str, float]:
    """`python -c pass`: what any Python program pays to start on this machine now, for scale."""
    measured = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        measured.append((wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)))
    return {"wall_s": round(statistics.median(w for w, _ in measured), 3),
            "cpu_s": round(statistics.median(c for _, c in measured), 3)}


def _timed(call: Callable[[], Any]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.served.cli_start", description=__doc__.splitlines()[0],
                                     epilog=harness.OWN_SERVER)
    parser.add_argument("--runs", type=int, default=10, help="runs per command; the median is reported (default 10)")
    parser.add_argument("--uri", default=os.environ.get("PROVGRAPH_BENCH_URI"), help="a server to use (its data is WIPED)")
    parser.add_argument("--no-server", action="store_true", help="skip the command that reaches the database")
    parser.add_argument("--json", type=Path, default=None, help="write the numbers here too")
    args = parser.parse_args(argv)
    result: dict[str, Any] = {"runs": args.runs, "target_s": TARGET_S, "load_average": list(os.getloadavg()),
                              "python_alone": _python_alone(args.runs), **import_cli(args.runs)}
    result["process_s"] = no_database(args.runs)
    if not args.no_server:
        with harness.bench_server(args.uri) as settings:
            result.update(with_database(settings.uri, args.runs))
    over = [name for name, seconds in result["process_s"].items() if seconds["wall_s"] > TARGET_S]
    if result.get("status_above_query_s", 0) > TARGET_S:
        over.append("status above its query")
    result["over_target"] = over
    emit(result, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
