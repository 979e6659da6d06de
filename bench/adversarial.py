"""Adversarial closure shapes (as tests/graphs.py builds them) and how their query time grows.

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

import math
import time
from datetime import datetime, timezone
from typing import Any, Callable

from bench.harness import reset
from provgraph.engine.status import status
from provgraph.graph.connection import Graph

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


def measure(graph: Graph, chain_sizes: list[int], ladder_sizes: list[int], runs: int = 3) -> dict[str, Any]:
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
