"""The real MCP client (the official SDK's ClientSession) against `provgraph mcp`, over stdio or streamable HTTP."""
from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import IO, Any, AsyncIterator

import httpx2
from click.testing import CliRunner
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult

from provgraph.cli import cli

PROVGRAPH = str(Path(sys.executable).with_name("provgraph"))
UNREACHABLE_URI = "bolt://127.0.0.1:9"  # the discard port: nothing answers Bolt there


def server_env(uri: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env["NEO4J_URI"] = uri
    return env


@asynccontextmanager
async def stdio_session(uri: str, errlog: IO[str], env: dict[str, str] | None = None) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(command=PROVGRAPH, args=["mcp"], env={**server_env(uri), **(env or {})})
    async with stdio_client(params, errlog=errlog) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            yield session


class HttpServer:
    """`provgraph mcp --http --port 0` as a subprocess; the URL comes from its one stderr line."""

    def __init__(self, uri: str, *extra: str, env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen([PROVGRAPH, "mcp", "--http", "--port", "0", *extra],
                                        env={**server_env(uri), **(env or {})},
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.stderr_lines: list[str] = []
        self.url = self._wait_for_url(timeout=60)

    def _wait_for_url(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        assert self.process.stderr is not None
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.process.stderr], [], [], 0.5)
            if ready:
                line = self.process.stderr.readline()
                if not line:
                    break
                self.stderr_lines.append(line)
                if "serving http://" in line:
                    return line.split("serving ", 1)[1].split()[0].replace("//0.0.0.0:", "//127.0.0.1:")
            if self.process.poll() is not None:
                break
        self.stop()
        raise AssertionError("provgraph mcp --http never said where it serves: " + "".join(self.stderr_lines))

    def stop(self, sig: int = signal.SIGTERM) -> tuple[int, str, str]:
        if self.process.poll() is None:
            self.process.send_signal(sig)
        out, err = self.process.communicate(timeout=30)
        return self.process.returncode, out, "".join(self.stderr_lines) + err


@asynccontextmanager
async def http_session(url: str, headers: dict[str, str] | None = None) -> AsyncIterator[ClientSession]:
    """A session over streamable HTTP; `headers` (such as Authorization) go with every request, as a client sets them."""
    async with httpx2.AsyncClient(headers=headers or {}, timeout=httpx2.Timeout(30, read=300)) as http:
        async with streamable_http_client(url, http_client=http) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                yield session


def text_of(result: CallToolResult) -> str:
    assert len(result.content) == 1, result.content
    return result.content[0].text  # type: ignore[union-attr]


def cli_output(*args: str) -> str:
    """What the CLI prints for the same question (NEO4J_URI is the test server's, set by the `graph` fixture)."""
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def verdict_of(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, text_of(result)
    return json.loads(text_of(result))


class Gate:
    """A TCP relay between `provgraph mcp` and Neo4j that can be shut: a real network fault, not a mock.

    While shut it cuts every relayed connection and refuses new ones (accepts and closes them at once).
    """

    def __init__(self, target_port: int) -> None:
        import socket
        import threading

        self.target_port = target_port
        self.open = False
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._live: list = []
        self._lock = threading.Lock()
        self._running = True
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.port}"

    def _accept(self) -> None:
        import socket
        import threading

        while self._running:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            if not self.open:
                client.close()
                continue
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
            with self._lock:
                self._live += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source, sink) -> None:  # type: ignore[no-untyped-def]
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                try:
                    end.close()
                except OSError:
                    pass

    def shut(self) -> None:
        import socket

        self.open = False
        with self._lock:
            live, self._live = self._live, []
        for end in live:
            try:
                end.shutdown(socket.SHUT_RDWR)
                end.close()
            except OSError:
                pass

    def close(self) -> None:
        self._running = False
        self.shut()
        self._listener.close()
