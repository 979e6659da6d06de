"""The story fixture's copy (tests/story_copy.py) writes back the graph it was read from: the same nodes with the
same labels and properties, and the same relationships between them."""
from __future__ import annotations

from story_copy import GraphCopy, copy_graph, write_copy

from provgraph.api import Provgraph
from provgraph.graph.schema import wipe


def _canonical(copy: GraphCopy) -> tuple[list[str], list[str]]:
    """Nodes and relationships, each written out whole and sorted (the store hands freed ids out again, so the order
    nodes come back in is not the order they were written in)."""
    nodes = [repr((sorted(node["labels"]), sorted(node["props"].items()))) for node in copy.nodes]
    return sorted(nodes), sorted(repr((nodes[e["a"]], e["type"], sorted(e["props"].items()), nodes[e["b"]]))
                                 for e in copy.edges)


def test_a_copy_of_the_story_written_back_is_the_same_graph(story: Provgraph) -> None:
    before = copy_graph(story.graph)
    assert len(before.nodes) > 40 and len(before.edges) > 40  # the story: 50 nodes
    wipe(story.graph)
    write_copy(story.graph, before)
    assert _canonical(copy_graph(story.graph)) == _canonical(before)
