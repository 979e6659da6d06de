"""A retrieved chunk cites its file: Documents that carry only what the loaders set (LangChain's `source`,
LlamaIndex's `file_path`/`file_name`), read from the demo story's ADR folder, resolve to their claim and the
snapshot they were read from, offline."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from integration_helpers import offline
from langchain_community.document_loaders import DirectoryLoader, TextLoader
from llama_index.core import SimpleDirectoryReader
from llama_index.core.schema import NodeWithScore

from provgraph.api import Provgraph
from provgraph.integrations.langchain import ProvgraphCompressor
from provgraph.integrations.llamaindex import ProvgraphPostprocessor

__all__ = ["offline"]
STORY = Path(__file__).resolve().parents[2] / "examples" / "story"
ADR_0001 = "0001-use-postgres-for-ledger.md"


def _by_file(metadatas: list[dict], key: str) -> dict[str, dict]:
    return {Path(m[key]).name: m for m in metadatas}


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("folder", ["absolute", "relative to the working directory", "relative to the store root"])
def test_langchain_loader_documents_resolve_to_their_claim_by_path(story: Provgraph, folder: str,
                                                                    monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    if folder == "absolute":
        path = str(STORY / "adr")
    elif folder == "relative to the working directory":
        monkeypatch.chdir(STORY.parent)
        path = "story/adr"
    else:
        monkeypatch.chdir(tmp_path)  # "adr" names nothing here; the store's root (examples/story) holds it
        path = "adr"
    docs = DirectoryLoader(str(STORY / "adr") if folder == "relative to the store root" else path, glob="*.md",
                           loader_cls=TextLoader).load()
    if folder == "relative to the store root":
        docs = [doc.model_copy(update={"metadata": {"source": f"adr/{Path(doc.metadata['source']).name}"}}) for doc in docs]
    kept = ProvgraphCompressor(story).compress_documents(docs, "where is the ledger stored?")
    adr = _by_file([doc.metadata for doc in kept], "source")[ADR_0001]
    assert (adr["provgraph_known"], adr["provgraph_claim"], adr["provgraph_status"]) == (True, "ADR-0001", "STALE")
    assert adr["provgraph_successors"] == ["ADR-0003"] and adr["provgraph_changed_since_ingest"] is False
    [row] = story.status("ADR-0001")
    assert adr["provgraph_snapshot_read"] == row.snapshot


def test_llamaindex_reader_nodes_resolve_to_their_claim_by_file_path(story: Provgraph) -> None:
    documents = SimpleDirectoryReader(str(STORY / "adr")).load_data()
    kept = ProvgraphPostprocessor(story).postprocess_nodes([NodeWithScore(node=doc, score=1.0) for doc in documents])
    adr = _by_file([item.node.metadata for item in kept], "file_path")[ADR_0001]
    assert (adr["provgraph_known"], adr["provgraph_claim"], adr["provgraph_status"]) == (True, "ADR-0001", "STALE")
    assert adr["provgraph_changed_since_ingest"] is False


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_chunk_of_a_file_changed_since_ingest_is_reported_as_such_not_unknown(story: Provgraph, tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(STORY / "adr", tmp_path / "adr")
    changed = tmp_path / "adr" / ADR_0001
    changed.write_text(changed.read_text(encoding="utf-8") + "\nA note added after the ingest.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    docs = [doc.model_copy(update={"metadata": {"source": f"adr/{Path(doc.metadata['source']).name}"}})
            for doc in DirectoryLoader("adr", glob="*.md", loader_cls=TextLoader).load()]
    kept = ProvgraphCompressor(story).compress_documents(docs, "where is the ledger stored?")
    adr = _by_file([doc.metadata for doc in kept], "source")[ADR_0001]
    assert (adr["provgraph_known"], adr["provgraph_claim"], adr["provgraph_status"]) == (True, "ADR-0001", "STALE")
    assert adr["provgraph_changed_since_ingest"] is True
