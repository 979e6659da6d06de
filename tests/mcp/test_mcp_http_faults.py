"""`provgraph mcp --http` under faults: the database going away under a session, a slow query beside other clients,
and a kill -9 of the server. Real server processes, the SDK's client, the real Neo4j (a TCP relay cut for outages)."""
from __future__ import annotations

import json
import os
import signal
import socket
from pathlib import Path
from urllib.parse import urlsplit

import anyio
from mcp_helpers import Gate, HttpServer, http_session, text_of, verdict_of

from provgraph.base.config import Settings
from provgraph.graph.connection import Graph

SLOW = "UNWIND range(1, 4000000000) AS x WITH x WHERE x = -1 RETURN count(x) AS n"  # minutes unless terminated
VERIFY = {"evidence": ["PRICE-6"], "candidates": ["PRICE-6", "PRICE-7"]}


def test_an_http_session_outlives_a_database_outage_with_tool_errors_while_it_is_down(
        pricing, neo4j_settings: Settings) -> None:
    gate = Gate(urlsplit(neo4j_settings.uri).port)
    gate.open = True
    server = HttpServer(gate.uri, env={"PROVGRAPH_RETRY_SECONDS": "3"})  # the first call into the outage: 3 s, not 30
    try:
        async def session() -> tuple[list, list]:
            results, listed = [], []
            async with http_session(server.url) as client:
                results.append(await client.call_tool("verify", VERIFY))
                gate.shut()  # the database goes away mid-session ...
                results.append(await client.call_tool("verify", VERIFY))
                results.append(await client.call_tool("verify_batch", {"requests": [VERIFY, VERIFY]}))
                listed.append(len((await client.list_tools()).tools))  # the session itself is still there
                gate.open = True  # ... and comes back
                results.append(await client.call_tool("verify", VERIFY))
                results.append(await client.call_tool("verify_batch", {"requests": [VERIFY, VERIFY]}))
                return results, listed

        results, listed = anyio.run(session)
    finally:
        code, _, stderr = server.stop()
        gate.close()
    assert [r.is_error for r in results] == [False, True, True, False, False]
    for down in results[1:3]:
        assert text_of(down).startswith("provgraph: cannot use Neo4j at "), text_of(down)
        assert down.structured_content["kind"] == "DatabaseUnavailable"
    assert verdict_of(results[0]) == verdict_of(results[3])
    assert [line["verdict"] for line in results[4].structured_content["verdicts"]] == ["STALE_EVIDENCE"] * 2
    assert listed == [9]  # the nine tools (docs/mcp.md "Agents over MCP"), cited_in included
    assert code == 0 and "Traceback" not in stderr, stderr


def _slow_transactions(graph: Graph) -> list[str]:
    rows = graph.read("SHOW TRANSACTIONS YIELD transactionId, currentQuery "
                      "WHERE currentQuery CONTAINS 'range(1, 4000000000)' AND NOT currentQuery STARTS WITH 'SHOW' "
                      "RETURN transactionId")
    return [row["transactionId"] for row in rows]


def test_one_slow_query_does_not_stall_another_client(pricing, graph: Graph, neo4j_settings: Settings) -> None:
    server = HttpServer(neo4j_settings.uri)
    order: list[str] = []
    try:
        async def slow_client() -> object:
            async with http_session(server.url) as client:
                result = await client.call_tool("cypher", {"query": SLOW})
                order.append("slow answered")
                return result

        async def quick_client() -> dict:
            while not _slow_transactions(graph):  # the slow query is running in the database
                await anyio.sleep(0.1)
            async with http_session(server.url) as client:
                verdict = verdict_of(await client.call_tool("verify", VERIFY))
                status = json.loads(text_of(await client.call_tool("status", {"ids": ["PRICE-7"]})))
            order.append("quick answered")
            assert _slow_transactions(graph), "the slow query ended before the quick client was answered"
            graph.read("TERMINATE TRANSACTIONS $ids", {"ids": _slow_transactions(graph)})
            return {"verdict": verdict["verdict"], "status": status[0]["status"]}

        async def both() -> tuple[object, dict]:
            found: dict = {}
            async with anyio.create_task_group() as group:
                async def run_slow() -> None:
                    found["slow"] = await slow_client()

                async def run_quick() -> None:
                    found["quick"] = await quick_client()

                group.start_soon(run_slow)
                group.start_soon(run_quick)
            return found["slow"], found["quick"]

        slow, quick = anyio.run(both)
    finally:
        code, _, stderr = server.stop()
    assert order == ["quick answered", "slow answered"]
    assert quick == {"verdict": "STALE_EVIDENCE", "status": "ACTIVE"}
    assert slow.is_error and "terminated" in text_of(slow).lower()  # type: ignore[attr-defined]
    assert code == 0 and "Traceback" not in stderr


def _children_of(pid: int) -> list[int]:
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                stat = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                found.append(int(proc.name))
    return found


def test_a_kill_9_of_the_server_leaves_nothing_to_clean_up(pricing, neo4j_settings: Settings, tmp_path: Path) -> None:
    home, tmp = tmp_path / "home", tmp_path / "tmp"
    home.mkdir()
    tmp.mkdir()
    env = {"PROVGRAPH_HOME": str(home), "TMPDIR": str(tmp)}
    server = HttpServer(neo4j_settings.uri, env=env)
    port = int(server.url.rsplit(":", 1)[1].split("/")[0])
    try:
        first = anyio.run(_verify_once, server.url)
        children = _children_of(server.process.pid)
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait(timeout=30)
    finally:
        server.stop()
    assert first == "STALE_EVIDENCE"
    assert children == [] and not any(Path(f"/proc/{child}").exists() for child in children)
    assert list(home.iterdir()) == [] and list(tmp.iterdir()) == []  # no lock, pid or socket file left behind
    with socket.create_server(("127.0.0.1", port)):  # the port is free at once
        pass
    again = HttpServer(neo4j_settings.uri, "--port", str(port), env=env)  # a new server on the same port serves
    try:
        assert again.url.endswith(f":{port}/mcp")
        assert anyio.run(_verify_once, again.url) == "STALE_EVIDENCE"
    finally:
        code, _, _ = again.stop()
    assert code == 0


async def _verify_once(url: str) -> str:
    async with http_session(url) as client:
        return verdict_of(await client.call_tool("verify", VERIFY))["verdict"]
