"""Every graph test runs against a real Neo4j that this suite starts itself.

The suite's server has its own data directory and port (PROVGRAPH_TEST_PORT, default
7688; its Neo4j Browser on PROVGRAPH_TEST_HTTP_PORT, default that port + 10000), so a run never touches a
user's local database. Under pytest-xdist (`make test` runs two workers) each worker starts a server of its own:
worker N on PROVGRAPH_TEST_PORT + N (and HTTP port + N), or on the Nth of a comma-separated list of ports, with its
data in test-server-PORT. Each test that asks for `graph` starts from an empty provgraph graph with the
schema installed; `g` builds a small graph on it in a line or two (tests/graphs.py).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

import pytest
from graphs import GraphBuilder
from story_copy import GraphCopy, copy_graph, write_copy
from suite_ports import suite_port, worker_port

from provgraph.api import Provgraph, connect
from provgraph.base.config import Settings, provgraph_home
from provgraph.graph.connection import Graph
from provgraph.graph.schema import install_schema, wipe
from provgraph.graph.server import local

SAMPLES = Path(__file__).resolve().parents[1] / "examples"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "long(seconds): a test that takes about this long on a quiet 2-core machine; "
                                       "its file is handed to a pytest-xdist worker before the others")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files holding a `long` test first, longest first; then the rest, files with more tests first (xdist's own
    loadfile order, which `make test` turns off with --no-loadscope-reorder so that this one holds). Handed out in that
    order, a long file no longer starts last, its worker busy for minutes after the other has run out of files."""
    seconds: dict[Path, float] = {}
    tests: dict[Path, int] = {}
    for item in items:
        marker = item.get_closest_marker("long")
        seconds[item.path] = max(seconds.get(item.path, 0.0), marker.args[0] if marker else 0.0)
        tests[item.path] = tests.get(item.path, 0) + 1
    items.sort(key=lambda item: (-seconds[item.path], -tests[item.path]))


@pytest.fixture(scope="session")
def neo4j_settings() -> Settings:
    external = os.environ.get("PROVGRAPH_TEST_URI")
    if external:
        # A server the user provides: its data is wiped between tests, so say so loudly.
        if os.environ.get("PROVGRAPH_TEST_ALLOW_WIPE") != "1":
            pytest.exit("PROVGRAPH_TEST_URI is set: set PROVGRAPH_TEST_ALLOW_WIPE=1 to let the suite wipe it", 2)
        if int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1:  # the workers would wipe each other's graphs
            pytest.exit("PROVGRAPH_TEST_URI names one server: run one pytest worker (make test TEST_WORKERS=0)", 2)
        yield Settings.from_env(uri=external)
        return
    port = suite_port()
    http_port = worker_port("PROVGRAPH_TEST_HTTP_PORT") or port + 10000
    # Plans kept an hour: every test wipes and refills a small graph, and with Neo4j's 10s the changed statistics had the
    # server re-plan the big status query (seconds on 2 cores) many times a minute
    options = local.ServerOptions(port=port, data_dir=provgraph_home() / f"test-server-{port}", heap="1g", pagecache="512m",
                                  http_port=http_port, replan_interval=os.environ.get("PROVGRAPH_TEST_REPLAN_INTERVAL", "1h"),
                                  plan_by_parameter_size=False)
    kept = local.status(options)
    conf = Path(kept.data_dir) / "neo4j" / "conf" / "neo4j.conf"
    if kept.running and (kept.http_port != http_port or not conf.is_file()
                         or conf.read_text() != local.neo4j_conf(options, Path(kept.data_dir))):
        local.stop(options)  # kept from a run with other settings (the Browser tests need the HTTP port)
    state = local.start(options)
    yield Settings(uri=state.uri)
    if os.environ.get("PROVGRAPH_TEST_KEEP_SERVER") != "1":
        local.stop(options)


@pytest.fixture(scope="session")
def _schema(neo4j_settings: Settings) -> None:
    with Graph(neo4j_settings) as graph:
        install_schema(graph)


@pytest.fixture
def graph(neo4j_settings: Settings, _schema: None, monkeypatch: pytest.MonkeyPatch) -> Graph:
    """An empty provgraph graph; the CLI in this test talks to the same server."""
    for name in ("NEO4J_URI", "NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NEO4J_URI", neo4j_settings.uri)
    with Graph(neo4j_settings) as graph:
        wipe(graph)
        yield graph


@pytest.fixture
def g(graph: Graph) -> GraphBuilder:
    return GraphBuilder(graph)


_story_copies: list[GraphCopy] = []  # the story as the session's first ingest left it (tests/story_copy.py)


@pytest.fixture(scope="module")
def story(neo4j_settings: Settings, _schema: None) -> Iterator[Provgraph]:
    """An open `Provgraph` on the demo story (examples/story) for tests that only read it: ingested by the session's
    first module that asks, written back from a copy of that graph for each later one (tests/story_copy.py);
    NEO4J_URI points the CLI and no-argument constructors at the same server."""
    with pytest.MonkeyPatch.context() as patch:
        for name in ("NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE"):
            patch.delenv(name, raising=False)
        patch.setenv("NEO4J_URI", neo4j_settings.uri)
        with connect(settings=neo4j_settings) as pg:
            wipe(pg.graph)
            if _story_copies:
                write_copy(pg.graph, _story_copies[0])
            else:
                pg.ingest_config(SAMPLES / "story" / "provgraph.toml")
                _story_copies.append(copy_graph(pg.graph))
            yield pg
