"""The local Neo4j server provgraph installs and runs (`provgraph server`): the jars and the compiled launcher in
`runtime.py`, start and stop in `local.py`, what makes a start fast in `classpath.py` and `cds.py`, the Browser guide
in `guide.py`; the Java launcher and the guide server beside them (`Launcher.java`, `Guides.java`, `pom.xml`)."""
from __future__ import annotations

from provgraph.graph.server.runtime import NEO4J_VERSION, install, installed, runtime_dir
from provgraph.graph.server.local import (
    DEFAULT_HTTP_PORT,
    GUIDE_PATH,
    PASSWORD_ENV,
    ServerOptions,
    ServerState,
    data_dir,
    default_heap,
    neo4j_conf,
    start,
    status,
    stop,
)

__all__ = ["DEFAULT_HTTP_PORT", "GUIDE_PATH", "NEO4J_VERSION", "PASSWORD_ENV", "ServerOptions", "ServerState", "data_dir",
           "default_heap", "install", "installed", "neo4j_conf", "runtime_dir", "start", "status", "stop"]
