"""provgraph between a retriever and an answer, with LangChain and LlamaIndex: the demo story's claims in each
library's in-memory vector store (deterministic fake embeddings: no model, no network), retrieved for
"where is the ledger stored?", then filtered by each policy. The transcript is in docs/python.md.

    pip install -e '.[langchain,llamaindex]'
    .venv/bin/python examples/retrieval_filter.py          # NEO4J_* variables, else the local server

It ingests examples/story first (unchanged input writes nothing), so it runs on a fresh server too.
"""
from __future__ import annotations

from pathlib import Path

from langchain_core.documents import Document
from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.vectorstores import InMemoryVectorStore
from llama_index.core import VectorStoreIndex
from llama_index.core.embeddings import MockEmbedding
from llama_index.core.schema import TextNode

import provgraph
from provgraph.integrations.langchain import ProvgraphCompressor
from provgraph.integrations.llamaindex import ProvgraphPostprocessor

STORY = Path(__file__).resolve().parent / "story"
QUESTION = "where is the ledger stored?"


def show(label: str, texts: list[tuple[str, dict]]) -> None:
    print(f"-- {label}")
    for text, meta in texts:
        claim = meta.get("provgraph_claim") or "(not a claim)"
        known = (f"{meta['provgraph_status']}/{meta['provgraph_reason']}  verdict {meta['provgraph_verdict']}"
                 if meta["provgraph_known"] else "unknown to provgraph: passed through")
        replaced = f"  (replaces {meta['provgraph_replaces']})" if meta.get("provgraph_replaces") else ""
        print(f"   {claim:<9} {known}{replaced}\n             {text}")


with provgraph.connect() as pg:
    pg.ingest_config(STORY / "provgraph.toml")
    texts = [(row.text or "", {"provgraph_claim": row.claim}) for row in pg.status(["ADR-0001", "ADR-0003", "dec-2"])]
    texts.append(("The ledger is backed up to tape every night.", {"source": "wiki/backups.md"}))
    print(f"question: {QUESTION}")

    # LangChain: the index holds ADR-0001 but not its successor ADR-0003, as a stale index would
    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=32))
    store.add_documents([Document(page_content=text, metadata=meta) for text, meta in texts if meta.get("provgraph_claim") != "ADR-0003"])
    retriever = store.as_retriever(search_kwargs={"k": 3})
    for policy in ("annotate", "drop", "replace"):
        chain = retriever | ProvgraphCompressor(pg, policy=policy)  # one set-wise verify per call
        kept = sorted(chain.invoke(QUESTION), key=lambda d: d.metadata.get("provgraph_claim") or "~")
        show(f"LangChain, policy={policy}", [(d.page_content, d.metadata) for d in kept])

    index = VectorStoreIndex([TextNode(text=text, metadata=meta) for text, meta in texts], embed_model=MockEmbedding(embed_dim=8))
    nodes = index.as_retriever(similarity_top_k=len(texts)).retrieve(QUESTION)
    kept_nodes = ProvgraphPostprocessor(pg, policy="drop").postprocess_nodes(nodes, query_str=QUESTION)
    show("LlamaIndex, policy=drop (ADR-0001 and ADR-0003 both retrieved)", sorted(((n.node.get_content(), n.node.metadata) for n in kept_nodes),
                                           key=lambda t: t[1].get("provgraph_claim") or "~"))
