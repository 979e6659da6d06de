"""Helpers for the suspects tests: decision-log entries ingested through the real pipeline, the CLI runner."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from provgraph.cli import cli
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

# Two entries that say the same thing about the same matter, months apart, nothing linking them.
CACHE_1 = {"ts": "2025-01-10T09:00:00Z", "id": "cache-1", "scope": "org/acme/payments",
           "msg": "Session cache runs on Redis with a 15 minute session expiry for every payments service"}
CACHE_2 = {"ts": "2025-06-02T09:00:00Z", "id": "cache-2", "scope": "org/acme/payments",
           "msg": "Session cache moves from Redis to Memcached, session expiry stays 15 minutes for payments services"}
# Unrelated decisions in the same scope, so the pair has neighbours to be ranked against.
OTHERS = [
    {"ts": "2025-02-01T09:00:00Z", "id": "refund-1", "scope": "org/acme/payments",
     "msg": "Customers may request a refund within 14 days of capture"},
    {"ts": "2025-03-01T09:00:00Z", "id": "ledger-1", "scope": "org/acme/payments",
     "msg": "The ledger lives in PostgreSQL 15 with one schema per region"},
    {"ts": "2025-04-01T09:00:00Z", "id": "tls-1", "scope": "org/acme/payments",
     "msg": "Every public endpoint requires TLS 1.3 and HSTS headers"},
]


def entry(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = dict(base)
    out.update(changes)
    return {k: v for k, v in out.items() if v is not None}


def ingest_log(graph: Graph, folder: Path, entries: list[dict[str, Any]], store: str = "decisions",
               name: str = "decisions.jsonl") -> None:
    path = folder / name
    path.write_text("".join(json.dumps(e) + "\n" for e in entries), encoding="utf-8")
    ingest(graph, "logs", path, fmt="jsonl", store=store)


def pairs(found) -> list[tuple[str, str]]:
    return [(s.earlier, s.later) for s in found]


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


__all__ = ["CACHE_1", "CACHE_2", "OTHERS", "entry", "ingest_log", "pairs", "run"]
