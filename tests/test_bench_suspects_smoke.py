"""The suspects speed check (`python -m bench.suspects --speed N`) at a toy size, so it does not rot.

No timing is asserted: only that one run measures what bench/README.md says it does, on the real server."""
from __future__ import annotations

import os

from bench import suspects as bench_suspects
from provgraph.base.config import provgraph_home
from provgraph.engine.suspects import suspects
from provgraph.graph import server as local
from provgraph.graph.connection import Graph


def _test_server_pid() -> int | None:
    if os.environ.get("PROVGRAPH_TEST_URI"):
        return None
    port = int(os.environ.get("PROVGRAPH_TEST_PORT", "7688"))
    return local.status(local.ServerOptions(port=port, data_dir=provgraph_home() / f"test-server-{port}")).pid


def test_the_speed_check_times_ingest_one_lookup_per_claim_and_suspects_in_one_run(graph: Graph, tmp_path) -> None:
    pid = _test_server_pid()
    result = bench_suspects.speed(graph, 120, seed=3, workdir=tmp_path, server_pid=pid, with_profile=True)
    assert result["claims"] == 120
    # the baseline looked up every claim once, with suspects' hit limit
    assert result["lookups"] == 120
    assert 120 <= result["lookup_hits"] <= 120 * bench_suspects.suspects.params()["hits"]
    # the suspects side is the library call, over the same store
    assert result["suspects"] == len(suspects(graph)) > 0
    assert result["ratio"] is not None and result["ratio"] > 0
    if pid is not None:
        assert result["lookup_cpu_s"] is not None and result["cpu_ratio"] is not None
    operators = [row["operator"] for row in result["profile"]]
    assert "ProcedureCall" in operators and "CartesianProduct" not in operators
    assert "| 120 |" in bench_suspects._table([], [result])


def test_server_cpu_reads_a_live_process_and_says_none_when_unknown() -> None:
    before = bench_suspects.server_cpu(os.getpid())
    assert before is not None
    sum(i * i for i in range(300_000))
    after = bench_suspects.server_cpu(os.getpid())
    assert after is not None and after >= before
    assert bench_suspects.server_cpu(None) is None
