"""The demo story (examples/story) ingested once per module, for the API and integration tests that only read it."""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from provgraph.api import Provgraph, connect
from provgraph.base.config import Settings
from provgraph.graph.schema import wipe

STORY = Path(__file__).resolve().parents[2] / "examples" / "story"


@pytest.fixture(scope="module")
def story(neo4j_settings: Settings, _schema: None) -> Iterator[Provgraph]:
    """An open `Provgraph` on the story's five stores; NEO4J_URI points at the same server for the CLI."""
    with pytest.MonkeyPatch.context() as patch:
        for name in ("NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE"):
            patch.delenv(name, raising=False)
        patch.setenv("NEO4J_URI", neo4j_settings.uri)
        with connect(settings=neo4j_settings) as pg:
            wipe(pg.graph)
            pg.ingest_config(STORY / "provgraph.toml")
            yield pg
