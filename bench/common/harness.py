"""The bench's own Neo4j server, a connection to it, timers and the machine description."""
from __future__ import annotations

import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from provgraph.base.config import Settings, provgraph_home
from provgraph.graph import server as local
from provgraph.graph.connection import Graph
from provgraph.graph.schema import install_schema, wipe

DEFAULT_PORT = int(os.environ.get("PROVGRAPH_BENCH_PORT", "7686"))


# the bench server's memory (`--heap`, `--pagecache`); the defaults are the local server's (provgraph server start)
MEMORY = {"heap": local.default_heap(), "pagecache": local.ServerOptions.pagecache}


def server_options(port: int) -> local.ServerOptions:
    """The bench server: its own data directory next to the user's, memory from MEMORY."""
    return local.ServerOptions(port=port, data_dir=provgraph_home() / f"bench-server-{port}",
                              heap=MEMORY["heap"], pagecache=MEMORY["pagecache"])


def start_server(port: int) -> Settings:
    state = local.start(server_options(port))
    return Settings(uri=state.uri)


def stop_server(port: int) -> None:
    local.stop(server_options(port))


@contextmanager
def bench_server(uri: str | None, port: int | None = None) -> Iterator[Settings]:
    """The server a bench runs against: the one at `uri`, left as it is; else the bench's own server on `port`
    (default DEFAULT_PORT), started here and stopped when the bench is done, on an error or Ctrl-C too: its
    multi-GB heap would stay up otherwise."""
    if uri:
        yield Settings.from_env(uri=uri)
        return
    port = DEFAULT_PORT if port is None else port
    try:
        yield start_server(port)
    finally:
        stop_server(port)


# the line a bench that starts its own server ends its --help with (its epilog)
OWN_SERVER = ("Without --uri it starts the bench's own Neo4j (port 7686, env PROVGRAPH_BENCH_PORT) and stops it when "
              "the run ends, on an error or Ctrl-C too.")


def use_memory(port: int, heap: str | None, pagecache: str | None) -> None:
    """The bench server on `port` from now on with this heap and page cache (None: as it was); stopped here, as a
    running server keeps the memory it started with, and started again with this memory by `start_server`."""
    MEMORY.update(heap=heap or MEMORY["heap"], pagecache=pagecache or MEMORY["pagecache"])
    stop_server(port)


def connect(settings: Settings) -> Graph:
    graph = Graph(settings)
    install_schema(graph)
    return graph


def reset(graph: Graph) -> None:
    """An empty provgraph graph (schema kept)."""
    wipe(graph)


@contextmanager
def timed() -> Iterator[dict[str, float]]:
    """`with timed() as t: ...` then `t["seconds"]`."""
    box: dict[str, float] = {}
    start = time.perf_counter()
    try:
        yield box
    finally:
        box["seconds"] = time.perf_counter() - start


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summary_ms(values: list[float]) -> dict[str, float]:
    return {
        "p50_ms": round(percentile(values, 0.50) * 1000, 2),
        "p95_ms": round(percentile(values, 0.95) * 1000, 2),
        "mean_ms": round(statistics.fmean(values) * 1000, 2) if values else float("nan"),
        "n": len(values),
    }


def rust_extension_active() -> bool:
    try:
        from neo4j._codec.packstream import RUST_AVAILABLE  # type: ignore[attr-defined]
    except ImportError:
        return False
    return bool(RUST_AVAILABLE)


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _memory_gib() -> float:
    try:
        match = re.search(r"MemTotal:\s+(\d+) kB", Path("/proc/meminfo").read_text())
        return round(int(match.group(1)) / (1 << 20), 1) if match else float("nan")
    except OSError:
        return float("nan")


def load_average() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


def machine(graph: Graph) -> dict[str, Any]:
    info = graph.server_info()
    try:
        java = subprocess.run(["java", "-version"], capture_output=True, text=True, timeout=30).stderr.splitlines()[0]
    except (OSError, subprocess.SubprocessError, IndexError):
        java = "unknown"
    import neo4j

    return {
        "nproc": os.cpu_count(),
        "memory_gib": _memory_gib(),
        "cpu": _cpu_model(),
        "neo4j": f"{info.get('name', 'Neo4j')} {info.get('version', '?')} {info.get('edition', '')}".strip(),
        "java": java,
        "python": sys.version.split()[0],
        "driver": neo4j.__version__,
        "rust_extension": rust_extension_active(),
        "load_average_at_start": load_average(),
        "server_heap": MEMORY["heap"],
        "server_pagecache": MEMORY["pagecache"],
    }


@dataclass
class Ratio:
    """A measured value against its baseline: ratio = measured / baseline (lower is better for times)."""

    measured: float
    baseline: float

    @property
    def ratio(self) -> float:
        return self.measured / self.baseline if self.baseline else float("inf")


def emit(result: dict[str, Any], to: Path | None) -> None:
    """Print a bench's numbers as JSON, and write them to `to` too when given (its --json)."""
    print(json.dumps(result, indent=2))
    if to:
        to.write_text(json.dumps(result, indent=2), encoding="utf-8")
