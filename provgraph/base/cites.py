"""Citations of decisions found in code and docs (`provgraph scan`): plain values the scanner makes and the engine
keeps, so neither imports the other."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Iterable

DEFAULT_STORE = "scan"  # the store `provgraph scan` keeps its citations in unless told another
KINDS = ("id", "path", "pattern")  # how a citation was found: a claim's uid or alias, a link to its file, a declared pattern


@dataclass(frozen=True)
class CodeCitation:
    """One citation as written: the line and column it starts at, the text matched, the id it names (a uid, an alias,
    the record file's path, or the id a store's pattern maps it to) and the claim it resolves to (None: the graph
    holds no such record, an unresolved citation)."""

    line: int
    column: int
    text: str
    id: str
    claim: str | None
    kind: str = "id"

    def to_dict(self) -> dict[str, object]:
        return {"line": self.line, "column": self.column, "text": self.text, "id": self.id, "claim": self.claim,
                "kind": self.kind}


@dataclass(frozen=True)
class ScannedFile:
    """A file the scanner read: its locator (the path relative to the scan root, '/'-separated), the sha256 of its
    bytes, and the citations in it, in order."""

    locator: str
    sha256: str
    citations: tuple[CodeCitation, ...] = ()

    @property
    def digest(self) -> str:
        """A hash of the citations found, so an unchanged set is never written again."""
        return citations_digest(self.citations)


def citations_digest(citations: Iterable[CodeCitation]) -> str:
    text = json.dumps([c.to_dict() for c in citations], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass
class ScanCounts:
    """What a scan read, wrote and left out (never a silent drop): files per reason they were not read."""

    files: int = 0
    unchanged: int = 0
    written: int = 0
    removed: int = 0
    citations: int = 0
    unresolved: int = 0
    skipped: dict[str, int] = field(default_factory=dict)

    def skip(self, reason: str) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1


__all__ = ["KINDS", "CodeCitation", "ScanCounts", "ScannedFile", "citations_digest"]
