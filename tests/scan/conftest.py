"""What the scan tests share: an open `Provgraph` on an empty graph, run from an empty working directory."""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from provgraph.api import Provgraph, connect
from provgraph.base.config import Settings
from provgraph.graph.schema import wipe


@pytest.fixture
def empty_pg(neo4j_settings: Settings, _schema: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Provgraph]:
    """An open `Provgraph` on an empty graph; the working directory is tmp_path (empty) and NEO4J_URI points the CLI at
    the same server."""
    for name in ("NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NEO4J_URI", neo4j_settings.uri)
    monkeypatch.chdir(tmp_path)
    with connect(settings=neo4j_settings) as opened:
        wipe(opened.graph)
        yield opened
