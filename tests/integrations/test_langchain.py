"""The LangChain compressor end to end: the story's claims in langchain_core's InMemoryVectorStore with its
DeterministicFakeEmbedding, retrieved for "where is the ledger stored?", then dropped, annotated or replaced."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from integration_helpers import QUESTION, UNKNOWN_TEXT, offline, texts
from langchain_classic.retrievers import ContextualCompressionRetriever
from langchain_core.documents import Document
from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.vectorstores import InMemoryVectorStore

from provgraph.api import Provgraph
from provgraph.base.errors import UsageError
from provgraph.integrations.langchain import ProvgraphCompressor

__all__ = ["offline"]
ADR_0001 = Path(__file__).resolve().parents[2] / "examples" / "story" / "adr" / "0001-use-postgres-for-ledger.md"


def _retriever(pg: Provgraph, claims: list[str]):  # -> VectorStoreRetriever
    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=32))
    docs = [Document(page_content=text, metadata=metadata) for text, metadata in texts(pg, claims)]
    store.add_documents(docs)
    return store.as_retriever(search_kwargs={"k": len(docs)})


def _ask(pg: Provgraph, claims: list[str], **options: object) -> list[Document]:
    compressor = ProvgraphCompressor(pg, **options)
    retriever = ContextualCompressionRetriever(base_compressor=compressor, base_retriever=_retriever(pg, claims))
    return retriever.invoke(QUESTION)


def _by_claim(docs: list[Document]) -> dict[str | None, Document]:
    return {doc.metadata.get("provgraph_claim"): doc for doc in docs}


def test_drop_leaves_out_the_superseded_adr_and_keeps_what_provgraph_does_not_know(story: Provgraph) -> None:
    docs = _ask(story, ["ADR-0001", "ADR-0003", "dec-2"], policy="drop")
    assert sorted(claim for claim in _by_claim(docs) if claim) == ["ADR-0003", "RET-9", "dec-2"]
    assert UNKNOWN_TEXT in [doc.page_content for doc in docs]
    unknown = [doc for doc in docs if not doc.metadata["provgraph_known"]]
    assert len(unknown) == 2 and {d.metadata["provgraph_reason"] for d in unknown} == {"NOT_IN_GRAPH"}


def test_drop_keeps_a_current_document_when_the_set_only_lacks_another_ones_successor(story: Provgraph) -> None:
    docs = _ask(story, ["ADR-0001", "dec-2"], policy="drop")
    [dec2] = [doc for doc in docs if doc.metadata.get("provgraph_claim") == "dec-2"]
    assert (dec2.metadata["provgraph_status"], dec2.metadata["provgraph_verdict"], dec2.metadata["provgraph_missing"]) == (
        "ACTIVE", "REVISION_CLOSURE_INCOMPLETE", ["ADR-0003"])
    assert "ADR-0001" not in _by_claim(docs)


def test_drop_unknown_leaves_out_what_provgraph_does_not_know_too(story: Provgraph) -> None:
    docs = _ask(story, ["ADR-0001", "ADR-0003"], policy="drop", drop_unknown=True)
    assert [doc.metadata["provgraph_claim"] for doc in docs] == ["ADR-0003"]


def test_annotate_keeps_every_document_with_status_reason_successors_and_verdict(story: Provgraph) -> None:
    docs = _ask(story, ["ADR-0001", "ADR-0003", "dec-2"])  # annotate is the default
    assert len(docs) == 5
    adr1 = _by_claim(docs)["ADR-0001"].metadata
    assert (adr1["provgraph_status"], adr1["provgraph_reason"], adr1["provgraph_successors"], adr1["provgraph_verdict"]) == (
        "STALE", "SUPERSEDED", ["ADR-0003"], "STALE_EVIDENCE")
    assert "cite ADR-0003 instead" in adr1["provgraph_explanation"]
    adr3 = _by_claim(docs)["ADR-0003"].metadata
    assert (adr3["provgraph_status"], adr3["provgraph_verdict"]) == ("ACTIVE", "SUPPORTED_BY_CURRENT_SOURCE")
    unknown = next(doc for doc in docs if doc.page_content == UNKNOWN_TEXT).metadata
    assert unknown == {"source": "wiki/backups.md", "provgraph_known": False, "provgraph_status": "UNKNOWN",
                       "provgraph_reason": "NOT_IN_GRAPH", "provgraph_successors": [], "provgraph_verdict": None,
                       "provgraph_explanation": None, "provgraph_missing": []}


def test_replace_puts_the_current_successor_in_place_of_the_superseded_adr(story: Provgraph) -> None:
    docs = _ask(story, ["ADR-0001"], policy="replace")
    [replaced] = [doc for doc in docs if doc.metadata.get("provgraph_replaces")]
    [adr3] = story.status(["ADR-0003"])
    assert replaced.page_content == adr3.text and replaced.metadata["provgraph_replaces"] == "ADR-0001"
    assert (replaced.metadata["provgraph_claim"], replaced.metadata["source"], replaced.metadata["provgraph_snapshot"],
            replaced.metadata["provgraph_line"]) == ("ADR-0003", adr3.source, adr3.snapshot, adr3.lines[0])
    assert "ADR-0001" not in _by_claim(docs) and UNKNOWN_TEXT in [doc.page_content for doc in docs]


def test_replace_keeps_one_document_per_claim_when_the_successor_was_retrieved_too(story: Provgraph) -> None:
    docs = _ask(story, ["ADR-0001", "ADR-0003"], policy="replace")
    assert [d.metadata["provgraph_claim"] for d in docs if d.metadata["provgraph_known"]].count("ADR-0003") == 1
    assert "ADR-0001" not in _by_claim(docs)


def test_a_document_is_mapped_by_its_file_and_snapshot_hash_and_line(story: Provgraph) -> None:
    read = {"source": str(ADR_0001), "provgraph_snapshot": hashlib.sha256(ADR_0001.read_bytes()).hexdigest()}
    docs = [Document(page_content="PostgreSQL", metadata=dict(read, provgraph_line=21)),
            Document(page_content="PostgreSQL", metadata=dict(read)),
            Document(page_content="nothing cited here", metadata=dict(read, provgraph_line=2))]
    out = ProvgraphCompressor(story).invoke(docs)
    assert [d.metadata.get("provgraph_claim") for d in out] == ["ADR-0001", None]
    assert out[1].metadata["provgraph_reason"] == "NOT_IN_GRAPH"


def test_the_compressor_is_a_runnable_after_a_retriever_and_connects_as_the_cli_does(story: Provgraph) -> None:
    chain = _retriever(story, ["ADR-0001", "ADR-0003"]) | ProvgraphCompressor(policy="drop")  # NEO4J_URI from the env
    assert "ADR-0001" not in _by_claim(chain.invoke(QUESTION))
    assert _by_claim(chain.invoke(QUESTION))["ADR-0003"].metadata["provgraph_status"] == "ACTIVE"


def test_an_unknown_policy_is_refused() -> None:
    with pytest.raises(UsageError, match="policy must be one of annotate, drop, replace"):
        ProvgraphCompressor(policy="hide")
