"""A LangChain document compressor that keeps retrieved Documents honest about currentness (extra `provgraph[langchain]`).

    from provgraph.integrations.langchain import ProvgraphCompressor

    compressor = ProvgraphCompressor(policy="replace")             # NEO4J_* variables, else the local server
    retriever = ContextualCompressionRetriever(base_compressor=compressor, base_retriever=vector_store.as_retriever())
    docs = (vector_store.as_retriever() | compressor).invoke("where is the ledger stored?")   # or as a Runnable

Each Document is mapped to its claim by `metadata["provgraph_claim"]` (or its source and snapshot); the
retrieved set is checked in one set-wise verify; the policy (annotate, drop, replace) is applied as
`provgraph.integrations.policy` describes.
"""
from __future__ import annotations

from typing import Any, Sequence

try:
    from langchain_core.callbacks import Callbacks
    from langchain_core.documents import BaseDocumentCompressor, Document
    from langchain_core.runnables import RunnableConfig, RunnableSerializable
except ImportError as error:  # the core installs without it
    raise ImportError(f"{error}: the LangChain compressor needs the extra: pip install 'provgraph[langchain]'") from error
from pydantic import ConfigDict, PrivateAttr

from provgraph.api import Provgraph
from provgraph.integrations.policy import Connection, Options, decide


class ProvgraphCompressor(Options, BaseDocumentCompressor, RunnableSerializable[Sequence[Document], list[Document]]):
    """Drop, annotate or replace retrieved Documents by whether the claim each states still governs."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    _connection: Connection = PrivateAttr()

    def __init__(self, pg: Provgraph | None = None, **options: Any) -> None:
        super().__init__(**options)
        self._connection = Connection(pg)

    def filter(self, documents: Sequence[Document]) -> list[Document]:
        """The Documents the policy keeps, in retrieval order, annotated (a replaced one is a new Document)."""
        outcomes = decide(self._connection.get(), [doc.metadata for doc in documents], self,
                          [doc.page_content for doc in documents])
        kept = []
        for outcome in outcomes:
            original = documents[outcome.index]
            if outcome.text is None:
                kept.append(original.model_copy(update={"metadata": outcome.metadata}))
            else:
                kept.append(Document(page_content=outcome.text, metadata=outcome.metadata))
        return kept

    def compress_documents(self, documents: Sequence[Document], query: str,
                           callbacks: Callbacks | None = None) -> Sequence[Document]:
        return self.filter(documents)

    def invoke(self, input: Sequence[Document], config: RunnableConfig | None = None, **kwargs: Any) -> list[Document]:
        return self.filter(input)


__all__ = ["ProvgraphCompressor"]
