"""The local server's heap when none is given: a sixth of the machine's memory, at least 1 GiB and at most 4 GiB (on a
fixed 2 GiB an ingest's transactions kept the collector busy: bench/README.md)."""
from __future__ import annotations

from click.testing import CliRunner

from provgraph.cli import cli
from provgraph.graph.server import local

GIB = 1 << 30


def test_the_default_heap_is_a_sixth_of_the_memory_between_1_and_4_gib() -> None:
    assert local.default_heap(24 * GIB) == "4096m"
    assert local.default_heap(12 * GIB) == "2048m"
    assert local.default_heap(9 * GIB) == "1536m"
    assert local.default_heap(4 * GIB) == "1024m"  # never less than 1 GiB
    assert local.default_heap(256 * GIB) == "4096m"  # nor more than 4


def test_a_server_started_without_a_heap_takes_the_default_and_start_help_says_so() -> None:
    assert local.ServerOptions().heap == local.default_heap()
    assert local.ServerOptions(heap="512m").heap == "512m"
    shown = CliRunner().invoke(cli, ["server", "start", "--help"]).output
    assert "a sixth of this machine's memory, 1g to 4g" in " ".join(shown.split())
