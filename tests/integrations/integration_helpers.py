"""What the LangChain and LlamaIndex tests share: the story's texts to index, the question, and no network."""
from __future__ import annotations

import socket
from typing import Any, Iterator

import pytest

from provgraph.api import Provgraph

QUESTION = "where is the ledger stored?"
UNKNOWN_TEXT = "The ledger is backed up to tape every night."  # no claim: provgraph does not know it


def texts(pg: Provgraph, claims: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """Each claim's text with its id under the default metadata key, then a text provgraph does not know, and one
    whose claim id the graph does not hold."""
    out: list[tuple[str, dict[str, Any]]] = [(row.text or "", {"provgraph_claim": row.claim}) for row in pg.status(claims)]
    out.append((UNKNOWN_TEXT, {"source": "wiki/backups.md"}))
    out.append(("Ledger rows are kept for ten years.", {"provgraph_claim": "RET-9"}))
    return out


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Only the loopback test server may be reached: a model or tokenizer download fails the test."""
    connect = socket.socket.connect

    def loopback_only(self: socket.socket, address: Any) -> Any:
        host = address[0] if isinstance(address, tuple) else address
        if isinstance(host, str) and host not in ("127.0.0.1", "::1", "localhost") and self.family != socket.AF_UNIX:
            raise AssertionError(f"network access to {address!r} in an offline test")
        return connect(self, address)

    monkeypatch.setattr(socket.socket, "connect", loopback_only)
    yield
