"""Shared pieces of the reliability suite: corpora, graph fingerprints, running the CLI as a process."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from provgraph.graph.connection import Graph
from provgraph.base.edges import LINK_KINDS, REVISION_KINDS

REPO = Path(__file__).resolve().parents[2]
PROVGRAPH = str(Path(sys.executable).with_name("provgraph"))
HEAVY = os.environ.get("PROVGRAPH_HEAVY") == "1"


def cli_env(uri: str, **extra: str) -> dict[str, str]:
    """The environment for a `provgraph` subprocess aimed at the test server (no password set)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env["NEO4J_URI"] = uri
    env.update(extra)
    return env


def run_cli(args: list[str], uri: str, timeout: float = 300, stdin: str | None = None, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([PROVGRAPH, *args], env=cli_env(uri, **extra), capture_output=True, text=True,
                          timeout=timeout, input=stdin)


# ---------------------------------------------------------------- corpora

def card_corpus(path: Path, cards: int, seed: int = 7) -> Path:
    """Board cards as JSONL with supersession chains, url aliases, forward references, placeholders,
    second generations that drop an edge, second versions without a generation, lineage verbs and
    one unparsable line."""
    rng = random.Random(seed)
    lines: list[str] = []
    revisions: list[dict[str, Any]] = []
    for i in range(cards):
        card: dict[str, Any] = {
            "id": f"card-{i}",
            "url": f"https://board.example/c/{i}",
            "author": f"user{i % 13}",
            "ts": 1_700_000_000_000 + i * 60_000,
            "content": f"Decision {i}: use option {rng.choice('ABCDEFG')} for topic {i % 50}",
            "subject": f"topic.{i % 50}",
            "value": str(rng.randint(0, 9)),
            "scope": ["", "org/acme", "org/acme/payments"][i % 3],
            "edges": [],
        }
        if i % 5:  # chains of five: each card supersedes the one before (by id or by url)
            target = f"card-{i - 1}" if i % 2 else f"https://board.example/c/{i - 1}"
            card["edges"].append({"verb": "supersedes", "target": target})
        if i % 97 == 3 and i + 700 < cards:
            card["edges"].append({"verb": "depends_on", "target": f"card-{i + 700}"})  # forward reference
        if i % 101 == 5:
            card["edges"].append({"verb": "corrects", "target": f"missing-{i}"})  # never ingested: placeholder
        if i % 53 == 7:
            card["edges"].append({"verb": "cites", "target": f"card-{i // 2}"})
        if i % 10 == 4:
            card["generation"] = "1"
            second = dict(card, generation="2", ts=card["ts"] + 3_600_000, content=card["content"] + " (revised)",
                          edges=[e for e in card["edges"] if e["verb"] != "supersedes"])
            revisions.append(second)
        if i % 10 == 7:  # a second version without a generation: a content-addressed snapshot
            revisions.append(dict(card, ts=card["ts"] + 1_800_000, content=card["content"] + " (amended)"))
        lines.append(json.dumps(card))
    for second in revisions:
        lines.insert(rng.randrange(len(lines) + 1), json.dumps(second))
    lines.insert(len(lines) // 2, '{"id": "broken", "ts": ')  # quarantined on every run
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def log_corpus(path: Path, entries: int, seed: int = 11) -> Path:
    """A JSONL decision log: subjects recur, some entries supersede earlier ones by id."""
    rng = random.Random(seed)
    lines = []
    for i in range(entries):
        entry: dict[str, Any] = {
            "ts": 1_700_000_000_000 + i * 1000,
            "id": f"log-{i}",
            "subject": f"flag.{i % 40}",
            "value": rng.choice(["on", "off", "10", "20"]),
            "msg": f"set flag {i % 40}",
        }
        if i % 7 == 3 and i > 40:
            entry["supersedes"] = [f"log-{i - 40}"]
        lines.append(json.dumps(entry))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# ---------------------------------------------------------------- graph state

def counts(graph: Graph) -> dict[str, int]:
    """Node counts by label and relationship counts by type."""
    result: dict[str, int] = {}
    for row in graph.read("MATCH (n) UNWIND labels(n) AS label RETURN label, count(*) AS n"):
        result[f"node:{row['label']}"] = row["n"]
    for row in graph.read("MATCH ()-[r]->() RETURN type(r) AS type, count(*) AS n"):
        result[f"rel:{row['type']}"] = row["n"]
    return result


def _time(value: Any) -> str | None:
    return None if value is None else value.iso_format()


def claim_fingerprint(graph: Graph) -> dict[str, Any]:
    """Per claim: placeholder flag, text, number of CITED_AT, and its outgoing revision edges with windows."""
    rows = graph.read(
        "MATCH (c:Claim) "
        "OPTIONAL MATCH (c)-[k:CITED_AT]->() WITH c, count(k) AS cites "
        "OPTIONAL MATCH (c)-[r]->(p:Claim) WHERE type(r) IN $types "
        "RETURN c.uid AS uid, c.placeholder AS placeholder, c.text AS text, cites, "
        "collect(CASE WHEN r IS NULL THEN null ELSE [type(r), p.uid, r.valid_from, r.valid_to] END) AS edges",
        {"types": list(REVISION_KINDS)},
    )
    return {
        row["uid"]: (
            bool(row["placeholder"]), row["text"], row["cites"],
            tuple(sorted((e[0], e[1], _time(e[2]), _time(e[3])) for e in row["edges"])),
        )
        for row in rows
    }


def fingerprint(graph: Graph) -> dict[str, Any]:
    """Counts and claims, less the kept suspect pairs: those are advisory and scored by Lucene, whose scores depend
    on the index's history (the documents an update replaced count until its segments merge), so two stores with
    the same records written in another order can keep a pair more or less, even after `suspects --refresh`."""
    return {"counts": {key: n for key, n in counts(graph).items() if key != "rel:MAY_REVISE"},
            "claims": claim_fingerprint(graph)}


def per_snapshot(graph: Graph) -> dict[str, tuple[frozenset, frozenset]]:
    """For every snapshot: the claims citing it, and the (type, from, to) edges it records."""
    cites = graph.read(
        "MATCH (s:Snapshot) OPTIONAL MATCH (c:Claim)-[:CITED_AT]->(s) RETURN s.uid AS uid, collect(c.uid) AS claims"
    )
    result = {row["uid"]: (frozenset(row["claims"]), set()) for row in cites}
    edges = graph.read(
        "MATCH (a:Claim)-[r]->(b:Claim) WHERE type(r) IN $types AND r.recorded_in IS NOT NULL "
        "UNWIND r.recorded_in AS snapshot RETURN snapshot, type(r) AS type, a.uid AS a, b.uid AS b",
        {"types": list(REVISION_KINDS + LINK_KINDS)},
    )
    for row in edges:
        if row["snapshot"] in result:
            result[row["snapshot"]][1].add((row["type"], row["a"], row["b"]))
    return {uid: (claims, frozenset(recorded)) for uid, (claims, recorded) in result.items()}


def sources_without_one_latest(graph: Graph) -> list[str]:
    rows = graph.read(
        "MATCH (s:Snapshot)-[:OF]->(src:Source) WITH src, sum(CASE WHEN s.until IS NULL THEN 1 ELSE 0 END) AS latest "
        "WHERE latest <> 1 RETURN src.uid AS uid ORDER BY uid"
    )
    return [row["uid"] for row in rows]


def server_idle(graph: Graph, seconds: float = 30.0) -> None:
    """Wait until the server runs no transaction but this query: a client killed with kill -9 may have sent its
    COMMIT, which the server then applies on its own, and a read made meanwhile sees part of it (read committed)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        running = graph.read("SHOW TRANSACTIONS YIELD transactionId, currentQuery "
                             "WHERE NOT currentQuery STARTS WITH 'SHOW TRANSACTIONS' RETURN count(*) AS n")[0]["n"]
        if not running:
            return
        time.sleep(0.05)
    raise AssertionError(f"the server still ran a transaction {seconds:.0f} s after the client was killed")


def dangling(graph: Graph) -> dict[str, int]:
    """Half-written shapes that must never be visible: each count must be 0."""
    row = graph.read(
        "CALL () { MATCH (s:Snapshot) WHERE NOT (s)-[:OF]->(:Source) RETURN count(s) AS snapshot_without_of } "
        "CALL () { MATCH (s:Source) WHERE NOT (s)-[:IN]->(:Store) RETURN count(s) AS source_without_store } "
        "CALL () { MATCH (s:Snapshot)-[:OF]->(src:Source) WITH src, count(s) AS n, "
        "  sum(CASE WHEN s.until IS NULL THEN 1 ELSE 0 END) AS latest WHERE latest <> 1 "
        "  RETURN count(src) AS source_without_one_latest } "
        "CALL () { MATCH (s:Snapshot) WHERE count { (s)-[:OF]->() } > 1 RETURN count(s) AS snapshot_with_two_sources } "
        "RETURN *"
    )[0]
    return dict(row)


def duplicates(graph: Graph) -> dict[str, int]:
    """Nodes sharing a key (the constraints forbid it; counted anyway) and parallel relationships."""
    result = {}
    for label, key in (("Store", "name"), ("Source", "uid"), ("Snapshot", "uid"), ("Claim", "uid"),
                       ("Adjudication", "uid"), ("Quarantine", "uid"), ("Finding", "uid")):
        rows = graph.read(f"MATCH (n:{label}) WITH n.{key} AS key, count(*) AS n WHERE n > 1 RETURN count(*) AS dup")
        result[label] = rows[0]["dup"]
    rows = graph.read(
        "MATCH (a)-[r]->(b) WITH a, b, type(r) AS t, coalesce(r.via, '') AS via, coalesce(r.verb, '') AS verb, count(*) AS n "
        "WHERE n > 1 RETURN count(*) AS dup"
    )
    result["parallel_relationships"] = rows[0]["dup"]
    return result


def diff(expected: dict[str, Any], actual: dict[str, Any], limit: int = 8) -> list[str]:
    """Human-readable differences between two fingerprints (empty when equal)."""
    out: list[str] = []
    if expected["counts"] != actual["counts"]:
        keys = sorted(set(expected["counts"]) | set(actual["counts"]))
        out += [f"{k}: {expected['counts'].get(k)} != {actual['counts'].get(k)}" for k in keys
                if expected["counts"].get(k) != actual["counts"].get(k)]
    claims_e, claims_a = expected["claims"], actual["claims"]
    for uid in sorted(set(claims_e) | set(claims_a)):
        if claims_e.get(uid) != claims_a.get(uid):
            out.append(f"claim {uid}: {claims_e.get(uid)} != {claims_a.get(uid)}")
            if len(out) > limit:
                break
    return out


def snapshot_groups(graph: Graph) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = defaultdict(list)
    for row in graph.read("MATCH (s:Snapshot)-[:OF]->(src:Source) RETURN src.uid AS source, s.uid AS uid"):
        groups[row["source"]].append(row["uid"])
    return groups
