"""Who may call `provgraph mcp --http`: the bearer token and the browser origins, settled before anything listens.

No MCP SDK import here (the CLI checks its options before the SDK loads). Beyond loopback a token is required;
on loopback it is optional and required once set. Requests from a browser page carry an `Origin`: only the
loopback origins (on loopback) and the ones the user allows pass; a request without one (an agent, not a page)
is judged by its token alone.
"""
from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass, field
from pathlib import Path

from provgraph.base.errors import UsageError

TOKEN_ENV = "PROVGRAPH_MCP_TOKEN"
MIN_TOKEN_LENGTH = 16
LOOPBACK_ORIGINS = ("http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*")
LOOPBACK_HOSTS = ("127.0.0.1:*", "localhost:*", "[::1]:*")
ANY_ORIGIN = "*"
MAKE_ONE = "python3 -c 'import secrets; print(secrets.token_urlsafe(32))'"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Access:
    """The token a request must bear (None: none asked) and the browser origins allowed."""

    token: str | None = field(default=None, repr=False)
    origins: tuple[str, ...] = ()
    loopback: bool = True

    def allows_origin(self, origin: str | None) -> bool:
        """The SDK's rule (exact, or `scheme://host:*` for any port), plus `*` for any origin."""
        if not origin:
            return True
        for allowed in self.origins:
            if allowed in (ANY_ORIGIN, origin):
                return True
            if allowed.endswith(":*") and origin.startswith(allowed[:-1]) and origin[len(allowed) - 1:].isdigit():
                return True
        return False


def _checked(token: str, where: str) -> str:
    if len(token) < MIN_TOKEN_LENGTH:
        raise UsageError(f"the MCP token from {where} is shorter than {MIN_TOKEN_LENGTH} characters: make one with {MAKE_ONE}")
    if not all("!" <= ch <= "~" for ch in token):
        raise UsageError(f"the MCP token from {where} must be printable ASCII without spaces (it travels in an "
                         f"HTTP header): make one with {MAKE_ONE}")
    return token


def read_token(token_file: Path | None) -> str | None:
    """The token: the first line of `token_file`, else $PROVGRAPH_MCP_TOKEN, else None."""
    if token_file is not None:
        try:
            lines = token_file.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read the token file {token_file}: {getattr(error, 'strerror', None) or error}") from None
        token = lines[0].strip() if lines else ""
        if not token:
            raise UsageError(f"the token file {token_file} is empty: put the token on its first line")
        return _checked(token, str(token_file))
    token = os.environ.get(TOKEN_ENV, "").strip()
    return _checked(token, TOKEN_ENV) if token else None


def access_for(host: str, token_file: Path | None = None, origins: tuple[str, ...] = ()) -> Access:
    """What `--http` on `host` asks of a request; beyond loopback without a token it refuses to start."""
    token = read_token(token_file)
    loopback = is_loopback(host)
    if not loopback and token is None:
        raise UsageError(f"listening on {host} (beyond loopback) needs a token: set {TOKEN_ENV} or pass --token-file "
                         f"(make one with {MAKE_ONE}); clients send it as `Authorization: Bearer TOKEN`")
    allowed = tuple(origin.strip().rstrip("/") for value in origins for origin in value.split(",") if origin.strip())
    return Access(token=token, origins=(LOOPBACK_ORIGINS if loopback else ()) + allowed, loopback=loopback)
