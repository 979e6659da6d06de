"""Reads ready for a cluster: every read path runs its transactions with READ access (what a `neo4j://` routing
driver sends to a secondary), writes with WRITE, all under the Graph's one bookmark manager, and `neo4j://`
works end to end on the local server.

The access mode is the driver's own: each session's `_connect(access_mode)` (where the driver picks a reader or
the writer from its routing table) is recorded on the real driver talking to the real server; nothing is mocked.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import neo4j
import pytest
from cli_helpers import run
from graphs import GraphBuilder
from mcp import Client
from neo4j._sync.work.session import Session

from provgraph.base.config import Settings
from provgraph.engine import verify as verification
from provgraph.graph.connection import Graph
from provgraph.mcp.server import build_server

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def sessions(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """(access mode, bookmark manager) of every transaction any driver opens from now on."""
    seen: list[tuple[str, Any]] = []
    real = Session._connect

    def recording(self: Session, access_mode: str, **kwargs: Any) -> Any:
        seen.append((access_mode, self._bookmark_manager))
        return real(self, access_mode, **kwargs)

    monkeypatch.setattr(Session, "_connect", recording)
    return seen


@pytest.fixture
def small(g: GraphBuilder) -> GraphBuilder:
    g.discount_raised()
    g.claim("PAY-9", subject="refund.window", value="14d", scope="org/acme", at="2025-02-02")
    g.claim("PAY-10", subject="refund.window", value="30d", scope="org/acme", at="2025-02-03")
    return g


READ_COMMANDS = {
    "status": ["status", "--format", "json"],
    "status ids": ["status", "PRICE-6", "PRICE-7", "--format", "json"],
    "lineage": ["lineage", "PRICE-6", "--format", "json"],
    "conflicts": ["conflicts", "--format", "json"],
    "verify": ["verify", "--evidence", "PRICE-6", "--candidates", "PRICE-6,PRICE-7"],
    "suspects": ["suspects", "--format", "json"],
    "check": ["check"],
    "query": ["query", "adjudications"],
    "cypher": ["cypher", "MATCH (c:Claim) RETURN count(c) AS n"],
    "export": ["export", "--format", "prov-json"],
}


@pytest.mark.parametrize("name", sorted(READ_COMMANDS))
def test_each_read_command_asks_the_driver_for_read_access_only(name: str, small: GraphBuilder,
                                                                 sessions: list[tuple[str, Any]]) -> None:
    sessions.clear()
    result = run(*READ_COMMANDS[name])
    assert result.exit_code in (0, 1), result.output
    assert sessions, "the command opened no session"
    assert {mode for mode, _ in sessions} == {neo4j.READ_ACCESS}, sessions
    managers = {id(manager) for _, manager in sessions[1:]}  # the first is the driver's connectivity probe
    assert len(managers) == 1 and sessions[1][1] is not None, sessions  # every transaction: the Graph's one manager


def test_verify_batch_and_the_report_read_with_read_access(small: GraphBuilder, sessions: list[tuple[str, Any]],
                                                           tmp_path: Path) -> None:
    requests = tmp_path / "requests.jsonl"
    requests.write_text("\n".join(json.dumps({"evidence": [uid], "candidates": ["PRICE-6", "PRICE-7"]})
                                  for uid in ("PRICE-6", "PRICE-7", "PAY-9")) + "\n")
    sessions.clear()
    assert run("verify", "--batch", str(requests)).exit_code == 1
    assert {mode for mode, _ in sessions} == {neo4j.READ_ACCESS}
    sessions.clear()
    report = run("report", "--out", str(tmp_path / "report"), "--format", "json", "--no-record")
    assert report.exit_code in (0, 1), report.output
    assert {mode for mode, _ in sessions} == {neo4j.READ_ACCESS}
    sessions.clear()
    assert run("report", "--out", str(tmp_path / "recorded"), "--format", "json").exit_code in (0, 1)
    modes = [mode for mode, _ in sessions]
    assert modes.count(neo4j.WRITE_ACCESS) == 2  # recording the run (ReportRun and its suspects) is the write


def test_writes_ask_for_write_access_and_the_next_read_carries_their_bookmark(neo4j_settings: Settings, graph: Graph,
                                                                              sessions: list[tuple[str, Any]]) -> None:
    cards = REPO / "tests" / "fixtures" / "cards" / "board" / "01-retry.json"
    sessions.clear()
    with Graph(neo4j_settings) as mine:
        from provgraph.engine.adjudication import distinguish

        GraphBuilder(mine).claim("A-1", subject="s", value="1", scope="org/x", at="2025-01-01")
        GraphBuilder(mine).claim("A-2", subject="s", value="2", scope="org/x", at="2025-01-02")
        sessions.clear()
        distinguish(mine, "A-1", "A-2", why="different", by="test", at="2025-02-01")
        assert neo4j.WRITE_ACCESS in {mode for mode, _ in sessions}
        committed = set(mine.driver.execute_query_bookmark_manager.get_bookmarks())
        assert committed  # the write's bookmark is in the Graph's one manager ...
        sessions.clear()
        verdict = verification.verify(mine, ["A-1"], ["A-1", "A-2"])
        manager = mine.driver.execute_query_bookmark_manager
        assert {mode for mode, _ in sessions} == {neo4j.READ_ACCESS} and all(m is manager for _, m in sessions)
        assert verdict.verdict  # ... and the read that follows started from it (same manager)
    sessions.clear()
    ingest = run("ingest", "cards", str(cards), "--store", "board")
    assert ingest.exit_code in (0, 1), ingest.output
    assert neo4j.WRITE_ACCESS in {mode for mode, _ in sessions}


def test_every_mcp_tool_reads_with_read_access(small: GraphBuilder, neo4j_settings: Settings,
                                               sessions: list[tuple[str, Any]]) -> None:
    server, link = build_server(neo4j_settings)
    calls = {
        "verify": {"evidence": ["PRICE-6"], "candidates": ["PRICE-6", "PRICE-7"]},
        "verify_batch": {"requests": [{"evidence": ["PRICE-7"], "candidates": ["PRICE-7"]}]},
        "status": {}, "lineage": {"claim": "PRICE-6"}, "conflicts": {},
        "query": {"name": "claim_history", "params": {"claim": "PRICE-6"}},
        "cypher": {"query": "MATCH (c:Claim) RETURN count(c) AS n"},
    }

    async def session() -> dict[str, set[str]]:
        modes = {}
        async with Client(server) as client:
            for tool, arguments in calls.items():
                sessions.clear()
                result = await client.call_tool(tool, arguments)
                assert not result.is_error, (tool, result.content)
                modes[tool] = {mode for mode, _ in sessions}
            sessions.clear()
            await client.read_resource("provgraph://lineage/PRICE-6")
            modes["lineage resource"] = {mode for mode, _ in sessions}
        return modes

    try:
        modes = anyio.run(session)
    finally:
        link.close()
    assert modes == {name: {neo4j.READ_ACCESS} for name in [*calls, "lineage resource"]}


def test_a_neo4j_routing_uri_works_end_to_end_on_the_local_server(neo4j_settings: Settings, graph: Graph) -> None:
    routed = neo4j_settings.uri.replace("bolt://", "neo4j://")
    assert routed.startswith("neo4j://127.0.0.1:")
    env = {"NEO4J_URI": routed}
    cards = REPO / "tests" / "fixtures" / "cards" / "board" / "01-retry.json"
    ingest = run("ingest", "cards", str(cards), "--store", "board", env=env)
    assert ingest.exit_code in (0, 1), ingest.output
    status = run("status", "--format", "json", env=env)
    assert status.exit_code == 0, status.output
    rows = json.loads(status.stdout)
    assert rows
    uid = rows[0]["claim"]
    verdict = run("verify", "--evidence", uid, "--candidates", uid, "--format", "json", env=env)
    assert json.loads(verdict.stdout)["evidence"][0]["claim"] == uid
    direct = run("status", "--format", "json", env={"NEO4J_URI": neo4j_settings.uri})
    assert json.loads(direct.stdout) == rows  # the routed reads saw what the direct connection sees
    with Graph(Settings(uri=routed)) as routed_graph:
        assert routed_graph.server_info()  # a routing driver: it fetched the routing table and found a reader
