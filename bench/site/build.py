"""How fast `provgraph site` builds a site of real decision logs, how fast it rebuilds after a 1% change, how heavy a page is.

    NEO4J_URI=bolt://127.0.0.1:7720 python -m bench.site.build --peps /tmp/peps --keps /tmp/enhancements --adr /tmp/adr
    NEO4J_URI=bolt://127.0.0.1:7720 python -m bench.site.build     # the graph as it is (already ingested: warm)

With --peps / --keps / --adr the logs are ingested first (python/peps with the pep preset, kubernetes/enhancements
with the kep preset, an ADR folder with the default reading and --git), each store read again from scratch; the
graph's other stores stay. The graph is then warmed (every status read once), and timed:

- the first build into an empty folder (every page rendered, every lineage picture drawn);
- a rebuild with nothing changed;
- a rebuild after a 1% change: adjudications that retire 1% of the ACTIVE decisions (each kept decision is the next
  one of its store), revoked afterwards and then deleted with the edges they implied, so every run begins from the
  same graph (a revoked adjudication stays in the graph as a record: kept, each run's 14 would add closed edges the
  next run's reads walk past, and runs would drift; any the bench left, from an older bench or a run cut short, are
  revoked and deleted before the run);
- page weight: the median and 90th percentile of a decision page's bytes without its lineage picture, and with it.

Each build's wall time is the site's `seconds`; `cpu_seconds` is the CPU time this process spent on it (the wall time
moves with the machine's load; the server's work is in the wall time only).

The server is the one NEO4J_URI (or --uri) names; nothing is wiped. Results print as JSON (--json FILE to keep them).
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from provgraph.api import Provgraph, connect

WHY = "bench.site.build: a 1% change"  # how the bench's own adjudications are told from any other
# the bench's own adjudications, revoked, deleted with the edges they implied (the API keeps a revoked adjudication
# as a record; the bench undoes its own)
_FORGET = """
MATCH (adjudication:Adjudication {why: $why}) WHERE adjudication.revoked_at IS NOT NULL
CALL (adjudication) {
  OPTIONAL MATCH (adjudication)-[:KEEPS]->(:Claim)-[edge:SUPERSEDES]->(:Claim)<-[:RETIRES]-(adjudication)
  WHERE edge.via = adjudication.uid
  DELETE edge
}
DETACH DELETE adjudication
RETURN count(*) AS deleted
"""
_STANDING = "MATCH (adjudication:Adjudication {why: $why}) WHERE adjudication.revoked_at IS NULL RETURN adjudication.uid"
_PICTURE = re.compile(rb'<figure class="picture">.*?</figure>', re.DOTALL)
TARGET_SECONDS = 60.0
TARGET_PAGE_BYTES = 100_000


def ingest(pg: Provgraph, peps: Path | None, keps: Path | None, adr: Path | None) -> dict[str, float]:
    seconds: dict[str, float] = {}
    for name, path, record, git in (("peps", peps, "pep", False), ("enhancements", keps, "kep", False),
                                    ("adr", adr, None, True)):
        if path is None:
            continue
        started = time.perf_counter()
        pg.ingest_files(path, store=name, record=record, git=git, rebuild=True)
        seconds[name] = round(time.perf_counter() - started, 1)
    return seconds


def page_weights(out: Path) -> dict[str, Any]:
    without, whole = [], []
    for page in (out / "d").glob("*.html"):
        data = page.read_bytes()
        whole.append(len(data))
        without.append(len(_PICTURE.sub(b"", data)))
    without.sort()
    whole.sort()
    return {"pages": len(whole), "median_bytes_without_picture": int(statistics.median(without)),
            "p90_bytes_without_picture": without[int(len(without) * 0.9)], "max_bytes_without_picture": without[-1],
            "median_bytes": int(statistics.median(whole)), "max_bytes": whole[-1]}


def one_percent_change(pg: Provgraph) -> list[str]:
    """Adjudications retiring 1% of the ACTIVE decisions, each in favour of the next ACTIVE one of its store."""
    by_store: dict[str, list[str]] = {}
    total = 0
    for row in pg.iter_status():
        total += 1
        if row.status == "ACTIVE" and row.source:
            by_store.setdefault(row.source.split(":", 1)[0], []).append(row.claim)
    wanted = max(1, total // 100)
    pairs = [(uids[i + 1], uids[i]) for uids in by_store.values() for i in range(0, len(uids) - 1, 2)]
    step = max(1, len(pairs) // wanted)
    made = []
    for keep, retire in pairs[::step][:wanted]:
        made.append(pg.adjudicate(keep, retire, why=WHY).adjudication)
    return made


def undo(pg: Provgraph, made: list[str]) -> int:
    """Revoke the adjudications `made` and any other the bench left standing, then delete every one the bench made
    (revoked) with its edges: the graph as it was before the bench's first 1% change. How many were deleted."""
    standing = [row[0] for row in pg.cypher(_STANDING, {"why": WHY}).rows]
    for uid in dict.fromkeys([*made, *standing]):
        pg.revoke(uid)
    return int(pg.cypher(_FORGET, {"why": WHY}, write=True).rows[0][0])


def timed(pg: Provgraph, out: Path) -> dict[str, Any]:
    """A build's result, with the CPU time this process spent on it (the wall time moves with the machine's load)."""
    started = time.process_time()
    result = pg.site(out)
    # to the millisecond: a rebuild takes about a tenth of a second, which two decimals would round by up to 5%
    return {**result.to_dict(), "seconds": round(result.seconds, 3),
            "cpu_seconds": round(time.process_time() - started, 3)}


def run(pg: Provgraph, out: Path) -> dict[str, Any]:
    left = undo(pg, [])  # what an older bench or a run cut short left: every run begins from the same graph
    started = time.perf_counter()
    decisions = sum(1 for _ in pg.iter_status())  # warms the graph: every status read once
    warm = time.perf_counter() - started
    first = timed(pg, out)
    again = timed(pg, out)
    made = one_percent_change(pg)
    try:
        changed = timed(pg, out)
    finally:
        undo(pg, made)
    return {"decisions": decisions, "bench_adjudications_left_before": left, "warm_read_seconds": round(warm, 1), "first": first,
            "unchanged": again, "adjudications": len(made), "after_1pct": changed,
            "rebuild_share_of_first": round(changed["seconds"] / first["seconds"], 3) if first["seconds"] else None,
            "rebuild_cpu_share_of_first": (round(changed["cpu_seconds"] / first["cpu_seconds"], 3)
                                           if first["cpu_seconds"] else None),
            "weight": page_weights(out),
            "targets": {"first_seconds": TARGET_SECONDS, "rebuild_share": 0.10, "median_page_bytes": TARGET_PAGE_BYTES}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.site.build", description=__doc__.splitlines()[0])
    parser.add_argument("--peps", type=Path, help="a checkout of python/peps (ingested with the pep preset)")
    parser.add_argument("--keps", type=Path, help="a checkout of kubernetes/enhancements (the kep preset)")
    parser.add_argument("--adr", type=Path, help="a git work tree of an ADR log (the default reading, with --git)")
    parser.add_argument("--uri", default=None, help="the Neo4j to use [default: NEO4J_URI, else the local server]")
    parser.add_argument("--out", type=Path, default=None, help="where the site goes [default: a temporary folder]")
    parser.add_argument("--json", type=Path, default=None, help="also write the results to this file")
    args = parser.parse_args(argv)
    with connect(args.uri) as pg:
        ingested = ingest(pg, args.peps, args.keps, args.adr)
        with tempfile.TemporaryDirectory(prefix="site-bench-") as scratch:
            results = run(pg, args.out or Path(scratch) / "site")
    results["ingest_seconds"] = ingested
    text = json.dumps(results, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
