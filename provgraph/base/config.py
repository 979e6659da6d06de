"""Connection and local-server settings: one typed dataclass, read from env or options."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from provgraph.base.errors import ConfigError

DEFAULT_PORT = 7687
DEFAULT_URI = f"bolt://127.0.0.1:{DEFAULT_PORT}"
ALLOWED_SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
RETRY_ENV = "PROVGRAPH_RETRY_SECONDS"
DEFAULT_RETRY_SECONDS = 30.0  # the driver's own default


def provgraph_home() -> Path:
    """Where the local server keeps its jars, data and logs."""
    configured = os.environ.get("PROVGRAPH_HOME")
    if configured:
        return Path(configured).expanduser()
    return Path("~/.local/share/provgraph").expanduser()


@dataclass(frozen=True)
class Settings:
    uri: str = DEFAULT_URI
    username: str = "neo4j"
    password: str | None = field(default=None, repr=False)
    database: str = "neo4j"
    # How long a transaction is retried over an outage (a restart, a leader election) before the command gives up.
    retry_seconds: float = DEFAULT_RETRY_SECONDS

    def __post_init__(self) -> None:
        parts = urlsplit(self.uri)
        if parts.scheme not in ALLOWED_SCHEMES:
            raise ConfigError(
                f"NEO4J_URI (--uri) must start with one of {', '.join(s + '://' for s in ALLOWED_SCHEMES)}; got {self.safe_uri}"
            )
        if parts.username is not None or parts.password is not None:
            raise ConfigError(f"NEO4J_URI (--uri) must not carry credentials (user:password@host; got {self.safe_uri} "
                              "with them): set NEO4J_USERNAME and NEO4J_PASSWORD (or --username, --password, "
                              "--ask-password) instead")
        if not parts.hostname:
            raise ConfigError(f"NEO4J_URI (--uri) names no host: {self.safe_uri}")
        try:
            port = parts.port
        except ValueError:
            raise ConfigError(f"NEO4J_URI (--uri): the port must be a number from 1 to 65535; got {self.safe_uri}") from None
        if port == 0:
            raise ConfigError(f"NEO4J_URI (--uri): the port must be a number from 1 to 65535; got {self.safe_uri}")

    @property
    def safe_uri(self) -> str:
        """The URI with any embedded credentials (and path, query) removed, fit for messages."""
        parts = urlsplit(self.uri)
        host_port = parts.netloc.rpartition("@")[2]
        return f"{parts.scheme}://{host_port}" if parts.scheme else "(no scheme)"

    @classmethod
    def from_env(cls, **overrides: str | None) -> "Settings":
        """Env vars (NEO4J_URI, NEO4J_USERNAME, NEO4J_PASSWORD, NEO4J_DATABASE, PROVGRAPH_RETRY_SECONDS), then overrides."""
        values: dict[str, Any] = {
            "uri": os.environ.get("NEO4J_URI") or DEFAULT_URI,
            "username": os.environ.get("NEO4J_USERNAME") or "neo4j",
            "password": os.environ.get("NEO4J_PASSWORD") or None,
            "database": os.environ.get("NEO4J_DATABASE") or "neo4j",
            "retry_seconds": _retry_seconds(os.environ.get(RETRY_ENV)),
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)


def _retry_seconds(text: str | None) -> float:
    if not text or not text.strip():
        return DEFAULT_RETRY_SECONDS
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 86_400:
        raise ConfigError(f"{RETRY_ENV} must be a number of seconds from 0 to 86400; got {text!r}")
    return seconds
