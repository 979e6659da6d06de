"""An agent's side of `provgraph mcp`, with the official MCP SDK's client: start the server over stdio,
list its tools, verify an answer's evidence, print the verdict, hang up.

    .venv/bin/python examples/mcp_client.py ADR-0001 ADR-0001,ADR-0003       # evidence, candidates
    .venv/bin/python examples/mcp_client.py --http http://127.0.0.1:8765/mcp ADR-0001 ADR-0001,ADR-0003

NEO4J_URI etc. are passed on to the server it starts; with --http, PROVGRAPH_MCP_TOKEN (if set) is sent as
`Authorization: Bearer TOKEN`. Exit 0 when the evidence is supported, else 1.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import httpx2
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client


async def ask(evidence: list[str], candidates: list[str], url: str | None) -> dict:
    if url:  # PROVGRAPH_MCP_TOKEN: the server's bearer token, sent with every request
        token = os.environ.get("PROVGRAPH_MCP_TOKEN")
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        async with httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30, read=300)) as http:
            return await _talk(streamable_http_client(url, http_client=http), evidence, candidates)
    server = StdioServerParameters(command=str(Path(sys.executable).with_name("provgraph")), args=["mcp"],
                                   env={k: v for k, v in os.environ.items() if k.startswith(("NEO4J_", "PROVGRAPH_"))})
    return await _talk(stdio_client(server), evidence, candidates)


async def _talk(transport: Any, evidence: list[str], candidates: list[str]) -> dict:
    async with transport as (read, write):
        async with ClientSession(read, write) as session:
            info = await session.initialize()
            tools = await session.list_tools()
            print(f"connected to {info.server_info.name} {info.server_info.version}: "
                  + ", ".join(tool.name for tool in tools.tools))
            result = await session.call_tool("verify", {"evidence": evidence, "candidates": candidates})
            if result.is_error:
                raise SystemExit(result.content[0].text)
            return result.structured_content


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("evidence", help="comma-separated claim ids the answer cites")
    parser.add_argument("candidates", help="comma-separated ids the retriever considered")
    parser.add_argument("--http", metavar="URL", help="a running `provgraph mcp --http` instead of starting one")
    args = parser.parse_args()
    verdict = anyio.run(ask, args.evidence.split(","), args.candidates.split(","), args.http)
    print(json.dumps({key: verdict[key] for key in ("verdict", "explanation", "missing")}, indent=2))
    sys.exit(0 if verdict["verdict"] == "SUPPORTED_BY_CURRENT_SOURCE" else 1)


if __name__ == "__main__":
    main()
