"""A claim named by an alias (an earlier path, a card's URL) is found by a seek in the claim_aliases index
(rules/alias-claims), so an alias or an unknown id costs the same at any store size; a store an older provgraph
wrote, without the index, still finds it by reading every claim."""
from __future__ import annotations

from typing import Any

from provgraph import cypher
from provgraph.engine.citations import claim_uids
from provgraph.engine.verify import verify
from provgraph.graph.connection import Graph
from provgraph.graph.schema import SCHEMA_VERSION

ODD = 'docs/adr/0001 "quoted" \\ AND (x)*:'


def _claims_with_aliases(graph: Graph, g: Any, count: int = 300) -> None:
    g.chain("c-", count)
    graph.write("MATCH (c:Claim {uid: 'c-7'}) SET c.aliases = ['docs/adr/0007-old.md', $odd]", {"odd": ODD})
    graph.write("MATCH (c:Claim {uid: 'c-3'}) SET c.aliases = ['docs/adr/0007-old.md']")  # the first by uid wins


def _db_hits(graph: Graph, ids: list[str]) -> int:
    def total(plan: Any) -> int:
        return int(plan.get("dbHits", 0)) + sum(total(child) for child in plan.get("children", []))

    with graph.driver.session(database=graph.settings.database) as session:
        summary = session.run("PROFILE " + cypher.load("resolve_claims").text, {"ids": ids}).consume()
    return total(summary.profile)


def test_an_alias_or_an_unknown_id_is_a_seek_not_a_read_of_every_claim(graph: Graph, g: Any) -> None:
    _claims_with_aliases(graph, g)
    assert claim_uids(graph, ["docs/adr/0007-old.md", ODD, "DOCS/ADR/0007-OLD.MD", "nope", ""]) == {
        "docs/adr/0007-old.md": "c-3", ODD: "c-7", "DOCS/ADR/0007-OLD.MD": None, "nope": None, "": None}
    assert _db_hits(graph, ["nope"]) < 50  # a read of the 300 claims' aliases is 600
    assert verify(graph, [ODD], [ODD, "nope"], suspects=False).evidence[0].status.claim == "c-7"


def test_a_store_an_older_provgraph_wrote_finds_aliases_by_reading_every_claim(graph: Graph, g: Any) -> None:
    _claims_with_aliases(graph, g, count=20)
    graph.write("DROP INDEX claim_aliases IF EXISTS")
    graph.write("MATCH (s:ProvgraphSchema) SET s.version = 3")
    try:
        assert claim_uids(graph, ["docs/adr/0007-old.md", ODD, "nope"]) == {
            "docs/adr/0007-old.md": "c-3", ODD: "c-7", "nope": None}
    finally:
        graph.write("alias_index")
        graph.write("schema_await_indexes")
        graph.write("MATCH (s:ProvgraphSchema) SET s.version = $v", {"v": SCHEMA_VERSION})
