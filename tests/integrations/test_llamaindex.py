"""The LlamaIndex postprocessor end to end: the story's claims in a VectorStoreIndex (its in-memory SimpleVectorStore)
with MockEmbedding, retrieved for "where is the ledger stored?", then dropped, annotated or replaced."""
from __future__ import annotations

from integration_helpers import QUESTION, UNKNOWN_TEXT, offline, texts
from llama_index.core import VectorStoreIndex
from llama_index.core.embeddings import MockEmbedding
from llama_index.core.schema import NodeWithScore, TextNode

from provgraph.api import Provgraph
from provgraph.integrations.llamaindex import ProvgraphPostprocessor

__all__ = ["offline"]


def _ask(pg: Provgraph, claims: list[str], **options: object) -> list[NodeWithScore]:
    nodes = [TextNode(text=text, metadata=metadata) for text, metadata in texts(pg, claims)]
    index = VectorStoreIndex(nodes, embed_model=MockEmbedding(embed_dim=8))
    retrieved = index.as_retriever(similarity_top_k=len(nodes)).retrieve(QUESTION)
    assert len(retrieved) == len(nodes)
    return ProvgraphPostprocessor(pg, **options).postprocess_nodes(retrieved, query_str=QUESTION)


def _claims(found: list[NodeWithScore]) -> list[str]:
    return sorted(item.node.metadata["provgraph_claim"] for item in found if item.node.metadata.get("provgraph_known"))


def test_drop_leaves_out_the_superseded_adr_and_keeps_what_provgraph_does_not_know(story: Provgraph) -> None:
    found = _ask(story, ["ADR-0001", "ADR-0003", "dec-2"], policy="drop")
    assert _claims(found) == ["ADR-0003", "dec-2"]
    assert UNKNOWN_TEXT in [item.node.get_content() for item in found] and len(found) == 4


def test_annotate_keeps_every_node_with_status_reason_successors_and_verdict(story: Provgraph) -> None:
    found = _ask(story, ["ADR-0001", "ADR-0003", "dec-2"])
    assert len(found) == 5
    [adr1] = [item.node.metadata for item in found if item.node.metadata.get("provgraph_claim") == "ADR-0001"]
    assert (adr1["provgraph_status"], adr1["provgraph_reason"], adr1["provgraph_successors"], adr1["provgraph_verdict"]) == (
        "STALE", "SUPERSEDED", ["ADR-0003"], "STALE_EVIDENCE")
    unknown = [item.node.metadata for item in found if not item.node.metadata["provgraph_known"]]
    assert len(unknown) == 2 and all(m["provgraph_status"] == "UNKNOWN" for m in unknown)


def test_replace_puts_the_current_successor_in_place_of_the_superseded_adr_and_keeps_its_score(story: Provgraph) -> None:
    found = _ask(story, ["ADR-0001"], policy="replace")
    [replaced] = [item for item in found if item.node.metadata.get("provgraph_replaces") == "ADR-0001"]
    [adr3] = story.status(["ADR-0003"])
    assert replaced.node.get_content() == adr3.text and replaced.node.metadata["provgraph_claim"] == "ADR-0003"
    assert replaced.node.metadata["source"] == adr3.source and replaced.score is not None
    assert UNKNOWN_TEXT in [item.node.get_content() for item in found]
