"""What a store of N claims takes on this machine, and the projection to 10M claims (issue 41).

`measure` reads, after a checkpoint (so the store files on disk hold every page written): the store's files on disk
(`databases/<db>`, the page cache that holds the whole store), its transaction logs (`transactions/<db>`), the
server's heap (used now, and the old generation's peak since the server started: what stayed live) and its memory
settings. `project` takes the two largest sizes of a run and carries each measure to 10M claims along the power law
through them (time ~ claims^k): the 10M row the lead states when a 10M load does not fit the machine or the night.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

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


def measure(graph: Graph, data_dir: Path | None, claims: int) -> dict[str, Any]:
    """The store's footprint now; `data_dir` is the bench server's (None: a server given by --uri, disk unknown)."""
    out: dict[str, Any] = {"claims": claims}
    try:
        graph.run("CALL db.checkpoint()", write=True)
        out["heap"] = graph.read(_HEAP)[0]["heap"]
        pools = {row["name"]: row["peak"] for row in graph.read(_POOLS)}
        out["old_gen_peak_bytes"] = next((peak for name, peak in pools.items() if "Old Gen" in name), None)
        out["settings"] = {row["name"]: row["value"] for row in graph.read(_SETTINGS)}
    except Exception as error:  # noqa: BLE001 - a server without JMX or checkpoint access still gets its disk measured
        out["note"] = f"{type(error).__name__}: {str(error)[:200]}"
    if data_dir is not None:
        database = graph.settings.database or "neo4j"
        data = data_dir / "neo4j" / "data"
        out["store_bytes"] = _bytes(data / "databases" / database)
        out["tx_log_bytes"] = _bytes(data / "transactions" / database)
    for key in ("store_bytes", "tx_log_bytes"):
        if out.get(key):
            out[key.replace("_bytes", "_bytes_per_claim")] = round(out[key] / claims, 1)
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
