"""The local server's heap when none is given: a sixth of the machine's memory (its container's limit when lower), at
least 1 GiB and at most 4 GiB (on a fixed 2 GiB an ingest's transactions kept the collector busy: bench/HISTORY.md)."""
from __future__ import annotations

from pathlib import Path

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
    assert local.ServerOptions().server_heap() == local.default_heap()
    assert local.ServerOptions().heap is None  # status and stop build options too: they read no memory
    assert local.ServerOptions(heap="512m").server_heap() == "512m"
    shown = CliRunner().invoke(cli, ["server", "start", "--help"]).output
    assert "a sixth of this machine's memory, 1g to 4g" in " ".join(shown.split())


def test_the_memory_is_the_container_limit_when_lower_than_the_machine(tmp_path: Path) -> None:
    machine = local.machine_memory(())
    assert machine is not None and machine > GIB
    v2, v1 = tmp_path / "memory.max", tmp_path / "memory.limit_in_bytes"
    v2.write_text("max\n")  # cgroup v2 without a limit
    v1.write_text(f"{GIB}\n")
    assert local.machine_memory((v2, v1)) == GIB
    v2.write_text(f"{GIB // 2}\n")
    assert local.machine_memory((v2, v1)) == GIB // 2
    v1.write_text("9223372036854771712\n")  # cgroup v1 without a limit: a huge number
    assert local.machine_memory((v1, tmp_path / "absent")) == machine
