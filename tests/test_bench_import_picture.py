"""`python -m bench.shape.import_picture` (the closing note's before/after of issue 21) counts what it says it counts."""
from __future__ import annotations

import subprocess

import pytest

from bench.shape import import_picture


def _need(revision: str) -> None:
    """The picture is read from git: a checkout without that revision (a shallow clone, a tarball) skips."""
    found = subprocess.run(["git", "cat-file", "-e", f"{revision}^{{commit}}"], cwd=import_picture.ROOT, capture_output=True)
    if found.returncode != 0:
        pytest.skip(f"git revision {revision} is not in this checkout")


def test_a_circle_is_one_floor_and_one_back_arrow() -> None:
    found = import_picture.picture({"a": {"b"}, "b": {"a"}, "c": {"a"}, "d": {"c"}, "e": set()})
    assert (found.nodes, found.floors, len(found.circles), len(found.back_arrows)) == (5, 3, 1, 1)
    assert found.circles == [{"a", "b"}]


def test_a_chain_without_circles_has_as_many_floors_as_links() -> None:
    found = import_picture.picture({"a": {"b"}, "b": {"c"}, "c": set()})
    assert (found.floors, found.circles, found.back_arrows) == (3, [], [])


def test_the_package_now_has_no_circle_and_no_import_up_the_layers() -> None:
    _need("HEAD")
    files = import_picture.module_graph("HEAD")
    assert len(files) > 60
    assert import_picture.picture(files).circles == []
    assert import_picture.up_the_layers("HEAD") == []


def test_the_package_before_the_layout_had_the_three_circles_issue_21_names() -> None:
    _need("0ab7c35")
    circles = import_picture.picture(import_picture.module_graph("0ab7c35")).circles
    assert sorted(sorted(circle) for circle in circles) == [
        ["provgraph.browse", "provgraph.server", "provgraph.server.local"],
        ["provgraph.display", "provgraph.status"],
        ["provgraph.ingest.times", "provgraph.values"]]


def test_the_whole_tree_has_no_circle_now_and_had_the_two_bench_circles_issue_58_names() -> None:
    _need("HEAD")
    _need("54faf80")
    assert import_picture.picture(import_picture.module_graph("HEAD", import_picture.TREE)).circles == []
    before = import_picture.module_graph("54faf80", import_picture.TREE)
    assert len(before) - len(import_picture.module_graph("54faf80")) == 38  # bench's modules then
    assert sorted(sorted(circle) for circle in import_picture.picture(before).circles) == [
        ["bench.append", "bench.profiling", "bench.run"], ["bench.suspects_proposals", "bench.suspects_real"]]
