"""The local Neo4j server provgraph installs and runs (`provgraph server`): the logic is in `local.py`,
the Java launcher and the Browser guide server beside it (`Launcher.java`, `Guides.java`, `pom.xml`)."""
from __future__ import annotations

from provgraph.graph.server.local import (
    DEFAULT_HTTP_PORT,
    GUIDE_PATH,
    NEO4J_VERSION,
    PASSWORD_ENV,
    ServerOptions,
    ServerState,
    data_dir,
    install,
    installed,
    neo4j_conf,
    runtime_dir,
    start,
    status,
    stop,
)

__all__ = ["DEFAULT_HTTP_PORT", "GUIDE_PATH", "NEO4J_VERSION", "PASSWORD_ENV", "ServerOptions", "ServerState", "data_dir",
           "install", "installed", "neo4j_conf", "runtime_dir", "start", "status", "stop"]
