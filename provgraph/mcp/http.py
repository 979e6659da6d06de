"""`provgraph mcp --http`: the streamable-HTTP app with the SDK's bearer-token hooks and an Origin guard in front.

The token check is the SDK's own (`TokenVerifier` + `AuthSettings`: its middleware answers 401 to a request
without a valid `Authorization: Bearer`); our verifier compares in constant time and keeps the token out of
every log and of the request state. The Origin guard runs first, on loopback and beyond (403): the SDK's own
guard (DNS-rebinding protection) also checks the Host header, which beyond loopback names hosts we cannot
know, so it stays on for loopback only.
"""
from __future__ import annotations

import hmac
import signal
import socket
from typing import Any, Callable

from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings
from mcp.server.transport_security import TransportSecuritySettings
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from provgraph.base.errors import UsageError
from provgraph.mcp.access import LOOPBACK_HOSTS, Access

CLIENT_ID = "provgraph-mcp-token"


class StaticToken:
    """The SDK's TokenVerifier for one shared secret: constant-time comparison, no scopes, no expiry."""

    def __init__(self, token: str) -> None:
        self._expected = token.encode("utf-8")

    async def verify_token(self, token: str) -> AccessToken | None:
        if hmac.compare_digest(token.encode("utf-8", "surrogateescape"), self._expected):
            return AccessToken(token="(redacted)", client_id=CLIENT_ID, scopes=[])
        return None


def auth_settings(url: str) -> AuthSettings:
    """AuthSettings for a resource server that is its own issuer: no OAuth routes, no metadata, just the check."""
    return AuthSettings(issuer_url=url, resource_server_url=None)  # type: ignore[arg-type]


class OriginGuard:
    """Refuse (403) any HTTP request whose Origin header is not allowed, before the token or the SDK sees it."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            origins = [value.decode("latin-1") for name, value in scope.get("headers", ()) if name == b"origin"]
            if not all(self.access.allows_origin(origin) for origin in origins):
                await PlainTextResponse("Invalid Origin header", status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def transport_security(access: Access) -> TransportSecuritySettings:
    if access.loopback:
        return TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=list(LOOPBACK_HOSTS),
                                         allowed_origins=list(access.origins))
    return TransportSecuritySettings(enable_dns_rebinding_protection=False)


def listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        return socket.create_server((host, port), family=family, backlog=128)
    except OSError as error:
        raise UsageError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None


def url_of(listener: socket.socket, host: str, path: str) -> str:
    return f"http://{'[' + host + ']' if ':' in host else host}:{listener.getsockname()[1]}{path}"


async def serve_http(app: ASGIApp, listener: socket.socket, ready: Callable[[], None]) -> None:
    import uvicorn

    # log_level warning: no access log (it would name every client); the token is never in a log line anyway
    config = uvicorn.Config(app, log_level="warning", lifespan="on", log_config=None, timeout_graceful_shutdown=5)
    web = uvicorn.Server(config)
    original = web.startup

    async def startup(sockets: Any = None) -> None:
        await original(sockets=sockets)
        if web.started:
            ready()

    web.startup = startup  # type: ignore[method-assign]
    # uvicorn shuts down gracefully on SIGINT/SIGTERM, then re-raises the signal: a stop asked for is exit 0
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: None)
    await web.serve(sockets=[listener])
