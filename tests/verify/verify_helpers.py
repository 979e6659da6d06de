"""Helpers for the verify tests: the chat-session cards of the example in docs/design.md "Verifying an answer's evidence", the CLI runner."""
from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import run

from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

# The example of docs/design.md "Verifying an answer's evidence": a user's location across two chat sessions.
SESSIONS = [
    {"id": "s13", "url": "https://chat.example/u1/13", "author": "u1", "ts": "2026-01-13T10:00:00Z",
     "subject": "user.location", "scope": "user/u1", "value": "Seattle",
     "content": "I live in Seattle.", "edges": []},
    {"id": "s33", "url": "https://chat.example/u1/33", "author": "u1", "ts": "2026-03-03T10:00:00Z",
     "subject": "user.location", "scope": "user/u1", "value": "Austin",
     "content": "We moved to Austin last month.", "edges": [{"verb": "continues", "target": "s13"}]},
]


def ingest_sessions(graph: Graph, folder: Path, cards: list[dict] | None = None) -> None:
    path = folder / "sessions.jsonl"
    path.write_text("".join(json.dumps(card) + "\n" for card in (cards or SESSIONS)), encoding="utf-8")
    ingest(graph, "cards", path, store="chat")


__all__ = ["SESSIONS", "ingest_sessions", "run"]
