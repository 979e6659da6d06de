"""A LlamaIndex node postprocessor that keeps retrieved nodes honest about currentness (extra `provgraph[llamaindex]`).

    from provgraph.integrations.llamaindex import ProvgraphPostprocessor

    engine = index.as_query_engine(node_postprocessors=[ProvgraphPostprocessor(policy="drop")])
    nodes = ProvgraphPostprocessor().postprocess_nodes(index.as_retriever().retrieve("where is the ledger stored?"))

Each node is mapped to its claim by `metadata["provgraph_claim"]` (or its source and snapshot); the retrieved
set is checked in one set-wise verify; the policy (annotate, drop, replace) is applied as
`provgraph.integrations.policy` describes, exactly as the LangChain compressor applies it.
"""
from __future__ import annotations

from typing import Any

try:
    from llama_index.core.postprocessor.types import BaseNodePostprocessor
    from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode
except ImportError as error:  # the core installs without it
    raise ImportError(f"{error}: the LlamaIndex postprocessor needs the extra: pip install 'provgraph[llamaindex]'") from error
from pydantic import PrivateAttr

from provgraph.api import Provgraph
from provgraph.integrations.policy import Connection, Options, decide


class ProvgraphPostprocessor(Options, BaseNodePostprocessor):
    """Drop, annotate or replace retrieved nodes by whether the claim each states still governs."""

    _connection: Connection = PrivateAttr()

    def __init__(self, pg: Provgraph | None = None, **options: Any) -> None:
        super().__init__(**options)
        self._connection = Connection(pg)

    @classmethod
    def class_name(cls) -> str:
        return "ProvgraphPostprocessor"

    def _postprocess_nodes(self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None) -> list[NodeWithScore]:
        outcomes = decide(self._connection.get(), [item.node.metadata for item in nodes], self,
                          [item.node.get_content() for item in nodes])
        kept = []
        for outcome in outcomes:
            original = nodes[outcome.index]
            if outcome.text is None:
                node = original.node.model_copy(update={"metadata": outcome.metadata})
            else:
                node = TextNode(text=outcome.text, metadata=outcome.metadata)
            kept.append(NodeWithScore(node=node, score=original.score))
        return kept


__all__ = ["ProvgraphPostprocessor"]
