"""The MCP load bench at a toy size, so it does not rot: its verdict check is the point (no timing asserted)."""
from __future__ import annotations

import json

import pytest

from bench.served import mcp_load


@pytest.mark.long(20)
def test_mcp_load_bench_answers_every_call_with_the_in_process_verdict(graph, neo4j_settings, tmp_path, capsys) -> None:
    out = tmp_path / "load.json"
    code = mcp_load.main(["--uri", neo4j_settings.uri, "--size", "60", "--clients", "2", "--calls", "1",
                          "--requests", "12", "--batch", "3", "--singles", "2", "--out", str(out)])
    results = json.loads(out.read_text())
    assert code == 0, results
    assert [(p["clients"], p["tool"], p["checked"], p["mismatches"]) for p in results["phases"]] == [
        (2, "verify", 2, 0), (2, "verify_batch", 6, 0)]
    assert results["server_rss_kib"]["peak"] > 0
    assert "| 2 | verify |" in capsys.readouterr().out
