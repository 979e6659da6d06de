"""Who may call `provgraph mcp --http`: a bearer token (required beyond loopback) and the allowed browser origins,
through the official SDK's streamable-HTTP client and plain HTTP requests against the real server process."""
from __future__ import annotations

import signal
from pathlib import Path

import anyio
import httpx2
from click.testing import CliRunner
from mcp_helpers import HttpServer, http_session, verdict_of

from provgraph.base.config import Settings
from provgraph.cli import cli

TOKEN = "t0k3n-" + "a" * 26
WRONG = "wr0ng-" + "b" * 26
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}
ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def _post(url: str, **headers: str) -> int:
    """The HTTP status of an initialize request with these headers."""
    return httpx2.post(url, json=INITIALIZE, headers={**ACCEPT, **headers}, timeout=30).status_code


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def _verify(url: str, headers: dict[str, str] | None) -> dict:
    async with http_session(url, headers) as client:
        return verdict_of(await client.call_tool("verify", {"evidence": ["PRICE-6"], "candidates": ["PRICE-6", "PRICE-7"]}))


async def _refused(url: str, headers: dict[str, str] | None) -> bool:
    try:
        await _verify(url, headers)
    except Exception:  # noqa: BLE001 - the SDK raises its transport's error (an HTTP 401 or 403) from the session
        return True
    return False


def test_beyond_loopback_refuses_to_start_without_a_token_and_says_how_to_make_one(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("PROVGRAPH_MCP_TOKEN", raising=False)
    bare = CliRunner().invoke(cli, ["mcp", "--http", "--host", "0.0.0.0", "--port", "0"])
    assert bare.exit_code == 2
    assert "beyond loopback" in bare.stderr and "PROVGRAPH_MCP_TOKEN" in bare.stderr and "--token-file" in bare.stderr
    short = tmp_path / "short"
    short.write_text("abc\n")
    too_short = CliRunner().invoke(cli, ["mcp", "--http", "--host", "0.0.0.0", "--token-file", str(short)])
    assert too_short.exit_code == 2 and "shorter than 16" in too_short.stderr
    empty = tmp_path / "empty"
    empty.write_text("\n")
    assert CliRunner().invoke(cli, ["mcp", "--http", "--host", "0.0.0.0", "--token-file", str(empty)]).exit_code == 2
    monkeypatch.setenv("PROVGRAPH_MCP_TOKEN", "with space " * 3)
    spaced = CliRunner().invoke(cli, ["mcp", "--http", "--host", "0.0.0.0", "--port", "0"])
    assert spaced.exit_code == 2 and "printable ASCII" in spaced.stderr
    for result in (bare, too_short, spaced):
        assert "Traceback" not in result.output


def test_beyond_loopback_the_token_admits_a_client_and_a_missing_or_wrong_one_gets_401(
        pricing, neo4j_settings: Settings, tmp_path: Path) -> None:
    token_file = tmp_path / "token"
    token_file.write_text(TOKEN + "\n")
    server = HttpServer(neo4j_settings.uri, "--host", "0.0.0.0", "--token-file", str(token_file))
    try:
        verdict = anyio.run(_verify, server.url, _bearer(TOKEN))
        without, wrong = anyio.run(_refused, server.url, None), anyio.run(_refused, server.url, _bearer(WRONG))
        statuses = {"none": _post(server.url), "wrong": _post(server.url, **_bearer(WRONG)),
                    "basic": _post(server.url, Authorization=f"Basic {TOKEN}"),
                    "right": _post(server.url, **_bearer(TOKEN)),
                    "foreign origin": _post(server.url, Origin="https://evil.example", **_bearer(TOKEN)),
                    "loopback origin": _post(server.url, Origin="http://127.0.0.1:3000", **_bearer(TOKEN))}
    finally:
        code, stdout, stderr = server.stop(signal.SIGTERM)
    assert verdict["verdict"] == "STALE_EVIDENCE"
    assert without and wrong
    assert statuses == {"none": 401, "wrong": 401, "basic": 401, "right": 200, "foreign origin": 403,
                        "loopback origin": 403}  # beyond loopback only the origins you allow pass
    assert "bearer token required" in stderr
    assert TOKEN not in stderr and WRONG not in stderr and "Traceback" not in stderr, stderr
    assert code == 0 and stdout == ""


def test_on_loopback_a_token_is_optional_but_honoured_once_set(pricing, neo4j_settings: Settings) -> None:
    open_server = HttpServer(neo4j_settings.uri, env={"PROVGRAPH_MCP_TOKEN": ""})
    guarded = HttpServer(neo4j_settings.uri, env={"PROVGRAPH_MCP_TOKEN": TOKEN})
    try:
        open_verdict = anyio.run(_verify, open_server.url, None)
        refused = anyio.run(_refused, guarded.url, None)
        guarded_verdict = anyio.run(_verify, guarded.url, _bearer(TOKEN))
        statuses = [_post(guarded.url), _post(guarded.url, **_bearer(WRONG)), _post(guarded.url, **_bearer(TOKEN))]
    finally:
        results = [open_server.stop(), guarded.stop()]
    assert open_verdict["verdict"] == guarded_verdict["verdict"] == "STALE_EVIDENCE"
    assert refused
    assert statuses == [401, 401, 200]
    assert all(code == 0 and TOKEN not in err for code, _, err in results), results


def test_a_foreign_origin_is_refused_with_403_and_an_allowed_one_passes(pricing, neo4j_settings: Settings) -> None:
    server = HttpServer(neo4j_settings.uri, "--allow-origin", "https://agents.example", env={"PROVGRAPH_MCP_TOKEN": ""})
    try:
        foreign = anyio.run(_refused, server.url, {"Origin": "https://evil.example"})
        allowed = anyio.run(_verify, server.url, {"Origin": "https://agents.example"})
        statuses = {origin: _post(server.url, Origin=origin)
                    for origin in ("https://evil.example", "http://127.0.0.1.evil.example:80", "null",
                                   "https://agents.example", "http://localhost:5173")}
    finally:
        code, _, stderr = server.stop()
    assert foreign
    assert allowed["verdict"] == "STALE_EVIDENCE"
    assert statuses == {"https://evil.example": 403, "http://127.0.0.1.evil.example:80": 403, "null": 403,
                        "https://agents.example": 200, "http://localhost:5173": 200}
    assert code == 0 and "Traceback" not in stderr
