"""kill -9 an ingest at random points, re-run it: the graph equals a clean ingest, and no
half-written record is ever visible in between.

Default: a small corpus and two trials per kind (fast). PROVGRAPH_HEAVY=1: 20k cards /
10k log entries at the production batch size and five trials each.
"""
from __future__ import annotations

import random
import signal
import subprocess
import time
from pathlib import Path

import pytest
from reliability_helpers import (HEAVY, PROVGRAPH, card_corpus, cli_env, dangling, diff, duplicates, fingerprint,
                                 log_corpus, per_snapshot, run_cli, server_idle)

from provgraph.base.config import Settings
from provgraph.graph.connection import Graph
from provgraph.graph.schema import wipe

TRIALS = 5 if HEAVY else 2
SIZES = {"cards": 20000 if HEAVY else 500, "logs": 10000 if HEAVY else 400}
BATCH = "2000" if HEAVY else "25"


def _command(kind: str, path: Path) -> list[str]:
    if kind == "cards":
        return ["ingest", "cards", str(path), "--store", "board", "-o", "json"]
    return ["ingest", "logs", str(path), "--format", "jsonl", "--store", "decisions", "-o", "json"]


def _corpus(kind: str, tmp_path: Path) -> Path:
    if kind == "cards":
        return card_corpus(tmp_path / "board.jsonl", SIZES[kind])
    return log_corpus(tmp_path / "decisions.jsonl", SIZES[kind])


@pytest.mark.long(35)
@pytest.mark.parametrize("kind", ["cards", "logs"])
def test_kill_9_mid_ingest_then_rerun_equals_a_clean_ingest(kind: str, graph: Graph, neo4j_settings: Settings, tmp_path: Path) -> None:
    uri = neo4j_settings.uri
    corpus = _corpus(kind, tmp_path)
    expected_exit = 1 if kind == "cards" else 0  # the card corpus holds one unparsable line

    started = time.monotonic()
    clean = run_cli(_command(kind, corpus), uri, PROVGRAPH_BATCH_OBSERVATIONS=BATCH)
    clean_seconds = time.monotonic() - started
    assert clean.returncode == expected_exit, clean.stderr
    expected = fingerprint(graph)
    expected_snapshots = per_snapshot(graph)
    assert dangling(graph) == dict.fromkeys(dangling(graph), 0)

    rng = random.Random(f"crash-{kind}")
    survived = []
    for trial in range(TRIALS):
        wipe(graph)
        process = subprocess.Popen([PROVGRAPH, *_command(kind, corpus)], env=cli_env(uri, PROVGRAPH_BATCH_OBSERVATIONS=BATCH),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Kill once a random share of the snapshots is stored, so every trial dies mid-write.
        target = rng.randint(1, len(expected_snapshots) - 1)
        deadline = time.monotonic() + 3 * clean_seconds + 30
        while process.poll() is None and time.monotonic() < deadline:
            if graph.read("MATCH (s:Snapshot) RETURN count(s) AS n")[0]["n"] >= target:
                break
            time.sleep(0.02)
        process.send_signal(signal.SIGKILL)
        process.wait()
        server_idle(graph)  # a COMMIT the client sent before it died may still be being applied

        # Between the kill and the re-run: only whole observations are visible.
        assert dangling(graph) == dict.fromkeys(dangling(graph), 0), f"trial {trial}"
        partial = per_snapshot(graph)
        assert set(partial) <= set(expected_snapshots), f"trial {trial}: unexpected snapshots"
        wrong = [uid for uid, state in partial.items() if state != expected_snapshots[uid]]
        assert not wrong, f"trial {trial}: snapshots written without all their claims/edges: {wrong[:5]}"

        rerun = run_cli(_command(kind, corpus), uri, PROVGRAPH_BATCH_OBSERVATIONS=BATCH)
        assert rerun.returncode == expected_exit, rerun.stderr
        assert diff(expected, fingerprint(graph)) == [], f"trial {trial} (killed with {len(partial)} snapshots stored)"
        assert set(duplicates(graph).values()) == {0}
        survived.append(len(partial))

    print(f"\n[crash {kind}] {SIZES[kind]} records, clean ingest {clean_seconds:.1f}s, "
          f"{len(expected_snapshots)} snapshots; killed with this many stored: {survived}")
    assert len(survived) == TRIALS
