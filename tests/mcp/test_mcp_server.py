"""`provgraph mcp` through the official MCP SDK's client, over stdio and streamable HTTP, against the real Neo4j."""
from __future__ import annotations

import io
import json
import signal
import tempfile
from pathlib import Path

import anyio
import pytest
from mcp import MCPError
from mcp_helpers import UNREACHABLE_URI, HttpServer, cli_output, http_session, stdio_session, text_of, verdict_of

from provgraph.base.config import Settings
from provgraph.graph.connection import Graph

AT = "2026-01-01T00:00:00Z"
TOOLS = {"verify", "verify_batch", "status", "lineage", "conflicts", "cited_in", "list_queries", "query", "cypher"}


def _errlog() -> io.TextIOWrapper:
    return tempfile.TemporaryFile("w+", encoding="utf-8")  # stdio_client hands it to the subprocess: needs a real fd


def _read(log: io.TextIOWrapper) -> str:
    log.seek(0)
    return log.read()


def test_stdio_session_lists_tools_with_schemas_and_verify_says_stale_evidence(pricing, neo4j_settings: Settings) -> None:
    async def session() -> tuple[list, dict, dict]:
        with _errlog() as log:
            async with stdio_session(neo4j_settings.uri, log) as client:
                tools = (await client.list_tools()).tools
                result = await client.call_tool("verify", {"evidence": ["PRICE-6"], "candidates": ["PRICE-6", "PRICE-7"]})
                templates = (await client.list_resource_templates()).resource_templates
            stderr = _read(log)
        assert "Traceback" not in stderr, stderr
        return tools, verdict_of(result), {t.uri_template: t for t in templates}

    tools, verdict, templates = anyio.run(session)
    assert {tool.name for tool in tools} == TOOLS
    for tool in tools:
        assert tool.input_schema["type"] == "object" and tool.description, tool.name
    verify_schema = next(t for t in tools if t.name == "verify").input_schema
    assert verify_schema["required"] == ["evidence"]
    assert {"evidence", "candidates", "scope", "at", "subject"} <= set(verify_schema["properties"])
    assert verdict["verdict"] == "STALE_EVIDENCE"
    assert "PRICE-7" in verdict["explanation"]
    assert "provgraph://lineage/{claim}" in templates


def test_tool_text_is_the_json_the_cli_prints(pricing, neo4j_settings: Settings) -> None:
    batch = [{"id": "q1", "evidence": ["PRICE-7"], "candidates": ["PRICE-6", "PRICE-7"]},
             {"evidence": [{"claim": "PRICE-6"}], "candidates": ["PRICE-6"], "at": AT}]
    calls = {
        "verify": ({"evidence": ["PRICE-6"], "candidates": ["PRICE-6", "PRICE-7"], "at": AT},
                   ["verify", "--evidence", "PRICE-6", "--candidates", "PRICE-6,PRICE-7", "--at", AT, "--format", "json"]),
        "status": ({"at": AT}, ["status", "--at", AT, "--format", "json"]),
        "lineage": ({"claim": "PRICE-6", "at": AT}, ["lineage", "PRICE-6", "--at", AT, "--format", "json"]),
        "conflicts": ({"at": AT}, ["conflicts", "--at", AT, "--format", "json"]),
        "query": ({"name": "claim_history", "params": {"claim": "PRICE-7"}},
                  ["query", "claim_history", "--param", "claim=PRICE-7", "--format", "json"]),
        "cypher": ({"query": "MATCH (c:Claim) WHERE c.uid STARTS WITH $p RETURN c.uid AS uid ORDER BY uid",
                    "params": {"p": "PRICE"}},
                   ["cypher", "MATCH (c:Claim) WHERE c.uid STARTS WITH $p RETURN c.uid AS uid ORDER BY uid",
                    "--param", "p=PRICE", "--format", "json"]),
    }

    async def session() -> dict[str, str]:
        with _errlog() as log:
            async with stdio_session(neo4j_settings.uri, log) as client:
                texts = {name: text_of(await client.call_tool(name, arguments)) for name, (arguments, _) in calls.items()}
                texts["verify_batch"] = text_of(await client.call_tool("verify_batch", {"requests": batch}))
        return texts

    texts = anyio.run(session)
    for name, (_, args) in calls.items():
        assert texts[name] + "\n" == cli_output(*args), name
    requests = Path(tempfile.mkdtemp()) / "requests.jsonl"
    requests.write_text("".join(json.dumps(r) + "\n" for r in batch), encoding="utf-8")
    assert texts["verify_batch"] == cli_output("verify", "--batch", str(requests))
    assert [json.loads(line)["verdict"] for line in texts["verify_batch"].splitlines()] == [
        "SUPPORTED_BY_CURRENT_SOURCE", "REVISION_CLOSURE_INCOMPLETE"]  # the second left PRICE-7 out


def test_errors_are_mcp_errors_and_the_graph_is_left_alone(pricing, graph: Graph, neo4j_settings: Settings) -> None:
    before = graph.read("MATCH (n) RETURN count(n) AS n")[0]["n"]

    async def session() -> tuple[dict, str]:
        with _errlog() as log:
            async with stdio_session(neo4j_settings.uri, log) as client:
                results = {
                    "unknown claim": await client.call_tool("lineage", {"claim": "NOPE-1"}),
                    "bad cypher": await client.call_tool("cypher", {"query": "MATCH (n RETURN n"}),
                    "write": await client.call_tool("cypher", {"query": "MATCH (c:Claim) DETACH DELETE c"}),
                    "write via merge": await client.call_tool("cypher", {"query": "MERGE (:Claim {uid: 'x'})"}),
                    "pipeline statement": await client.call_tool(
                        "query", {"name": "report_record_run", "params": {"uid": "r", "ran_at": "now", "scope": "",
                                                                          "summary": "{}"}}),
                    "missing parameter": await client.call_tool("query", {"name": "claim_history"}),
                    "bad arguments": await client.call_tool("verify", {"candidates": ["PRICE-6"]}),
                    "wrong types": await client.call_tool("status", {"ids": "PRICE-6", "limit": "many"}),
                    "bad time": await client.call_tool("status", {"at": "yesterday-ish"}),
                }
                with pytest.raises(MCPError) as unknown_resource:
                    await client.read_resource("provgraph://lineage/NOPE-1")
                ok = await client.call_tool("status", {"ids": ["PRICE-6"]})  # the session survives every error
            stderr = _read(log)
        assert "Traceback" not in stderr, stderr
        assert json.loads(text_of(ok))[0]["status"] == "STALE"
        return results, str(unknown_resource.value)

    results, unknown_resource = anyio.run(session)
    for name, result in results.items():
        assert result.is_error, name
        assert text_of(result).startswith("provgraph: "), (name, text_of(result))
        assert "Traceback" not in text_of(result), name
        assert "\n" not in text_of(result).strip(), (name, text_of(result))  # one line, no pydantic dump
    assert text_of(results["unknown claim"]) == "provgraph: no claim with id NOPE-1"
    assert text_of(results["bad cypher"]).startswith("provgraph: query failed:")
    assert "read-only" in text_of(results["write"]) and "read-only" in text_of(results["write via merge"])
    assert "no named query 'report_record_run'" in text_of(results["pipeline statement"])
    assert "$claim" in text_of(results["missing parameter"])
    assert text_of(results["bad arguments"]) == "provgraph: invalid arguments for verify: evidence: Field required"
    assert text_of(results["wrong types"]) == ("provgraph: invalid arguments for status: ids: Input should be a valid "
                                               "list; limit: Input should be a valid integer, unable to parse string "
                                               "as an integer")
    assert "NOPE-1" in unknown_resource
    assert graph.read("MATCH (n) RETURN count(n) AS n")[0]["n"] == before


def test_unreachable_database_is_a_tool_error_and_the_server_keeps_serving(tmp_path) -> None:
    async def session() -> tuple[set, object, object]:
        with _errlog() as log:
            async with stdio_session(UNREACHABLE_URI, log) as client:
                names = {tool.name for tool in (await client.list_tools()).tools}
                first = await client.call_tool("status", {})
                second = await client.call_tool("verify", {"evidence": ["a"], "candidates": ["a"]})
            stderr = _read(log)
        assert "Traceback" not in stderr, stderr
        return names, first, second

    names, first, second = anyio.run(session)
    assert names == TOOLS
    for result in (first, second):
        assert result.is_error
        assert text_of(result).startswith("provgraph: cannot use Neo4j at bolt://127.0.0.1:9: server unreachable")
        assert result.structured_content["kind"] == "DatabaseUnavailable"


def test_streamable_http_session_verifies_reads_lineage_resource_and_stops_cleanly(pricing, neo4j_settings: Settings) -> None:
    server = HttpServer(neo4j_settings.uri)
    try:
        assert server.url.startswith("http://127.0.0.1:") and server.url.endswith("/mcp")

        async def session() -> tuple[set, dict, dict, dict]:
            async with http_session(server.url) as client:
                names = {tool.name for tool in (await client.list_tools()).tools}
                verdict = verdict_of(await client.call_tool(
                    "verify", {"evidence": ["PRICE-6"], "candidates": ["PRICE-6", "PRICE-7"]}))
                lineage = await client.read_resource("provgraph://lineage/PRICE-6")
                slashed = await client.read_resource("provgraph://lineage/acme%2Fpay%234")
                return names, verdict, json.loads(lineage.contents[0].text), json.loads(slashed.contents[0].text)

        names, verdict, lineage, slashed = anyio.run(session)
    finally:
        code, stdout, stderr = server.stop(signal.SIGTERM)
    assert names == TOOLS
    assert verdict["verdict"] == "STALE_EVIDENCE"
    assert lineage["claim"] == "PRICE-6" and lineage["status"]["status"] == "STALE"
    assert {edge["from"] for edge in lineage["edges"]} == {"PRICE-7"}
    assert slashed["claim"] == "acme/pay#4"
    assert code == 0, stderr
    assert stdout == ""
    assert "Traceback" not in stderr, stderr


def test_http_listens_on_loopback_only_by_default_and_says_when_the_port_is_taken(neo4j_settings: Settings) -> None:
    server = HttpServer(neo4j_settings.uri)
    try:
        port = server.url.rsplit(":", 1)[1].split("/")[0]
        from click.testing import CliRunner

        from provgraph.cli import cli

        taken = CliRunner().invoke(cli, ["mcp", "--http", "--port", port])
    finally:
        code, _, stderr = server.stop(signal.SIGINT)
    assert taken.exit_code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in taken.stderr
    assert taken.exception is None or isinstance(taken.exception, SystemExit)
    assert code == 0, stderr


ROOT = Path(__file__).resolve().parents[2]


def test_guide_client_example_and_config_block_work_as_written(pricing, neo4j_settings: Settings) -> None:
    import re
    import subprocess
    import sys

    from mcp_helpers import server_env

    done = subprocess.run([sys.executable, str(ROOT / "examples" / "mcp_client.py"), "PRICE-6", "PRICE-6,PRICE-7"],
                          env=server_env(neo4j_settings.uri), capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith("connected to provgraph ")
    assert json.loads(done.stdout.split("\n", 1)[1])["verdict"] == "STALE_EVIDENCE"
    assert "Traceback" not in done.stderr

    page = (ROOT / "docs" / "mcp.md").read_text(encoding="utf-8")
    block = next(json.loads(b) for b in re.findall(r"```json\n(.*?)```", page, re.DOTALL) if "mcpServers" in b)
    entry = block["mcpServers"]["provgraph"]
    assert entry["command"].endswith("/.venv/bin/provgraph") and entry["args"] == ["mcp"]
    assert set(entry["env"]) <= {"NEO4J_URI", "NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE"}


def test_server_reconnects_when_the_database_comes_back(pricing, neo4j_settings: Settings) -> None:
    from urllib.parse import urlsplit

    from mcp_helpers import Gate

    gate = Gate(urlsplit(neo4j_settings.uri).port)
    try:
        async def session() -> list:
            results = []
            with _errlog() as log:
                # a call into the outage fails once the driver's retries give up: after 3 s, not the default 30
                async with stdio_session(gate.uri, log, env={"PROVGRAPH_RETRY_SECONDS": "3"}) as client:
                    results.append(await client.call_tool("status", {"ids": ["PRICE-6"]}))  # database away at start
                    gate.open = True
                    results.append(await client.call_tool("status", {"ids": ["PRICE-6"]}))
                    gate.shut()  # it goes away mid-session ...
                    results.append(await client.call_tool("status", {"ids": ["PRICE-6"]}))
                    gate.open = True  # ... and comes back
                    results.append(await client.call_tool("status", {"ids": ["PRICE-6"]}))
                stderr = _read(log)
            assert "Traceback" not in stderr, stderr
            return results

        results = anyio.run(session)
    finally:
        gate.close()
    assert [r.is_error for r in results] == [True, False, True, False]
    assert text_of(results[0]).startswith("provgraph: cannot use Neo4j at ")
    assert json.loads(text_of(results[3]))[0]["status"] == "STALE"
