"""Citations of decisions in code and docs, as the graph keeps them (`provgraph scan`), and the finding: each
citation of a claim that does not govern for the question, with what to cite instead.

The scanner (provgraph.ingest.scan) reads files and finds citations; this module reads what it matches against,
writes what it found (a scanned file is a `Source` of a scan store, its latest `Snapshot` carries a `CITES`
relationship to each claim it cites) and judges each cited claim with the status engine, nothing else.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Iterable, Mapping, Sequence

from provgraph.base.cites import ScannedFile
from provgraph.base.chunks import chunked
from provgraph.base.errors import UsageError
from provgraph.engine import status
from provgraph.engine.claim_status import ClaimStatus
from provgraph.graph.connection import Graph

WRITE_CHUNK = 500
_MAX_HOPS = 20  # successors followed to the claim that governs now; a longer chain stops at the last one read
FLAGGED = ("STALE", "CONFLICT", "UNKNOWN")
UNRESOLVED = "UNRESOLVED"


@dataclass(frozen=True)
class KnownIds:
    """What the graph holds that a citation can name: id or alias -> claim uid, record file -> claim uids, and the
    folders the record stores were ingested from (whose git remotes a forge URL of a record's file is checked against)."""

    ids: dict[str, str]
    files: dict[str, tuple[str, ...]]
    folders: tuple[str, ...] = ()

    def digest(self, extra: Any = None) -> str:
        text = json.dumps([sorted(self.ids.items()), sorted(self.files.items()), extra], default=str)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def known_ids(graph: Graph) -> KnownIds:
    """Every claim's uid and aliases and the record files claims are read from (one read), and the record stores'
    folders when there are record files."""
    ids: dict[str, str] = {}
    files: dict[str, list[str]] = {}
    aliased: list[tuple[str, str]] = []
    for row in graph.read("scan_vocabulary"):
        ids[row["uid"]] = row["uid"]
        aliased.extend((alias, row["uid"]) for alias in row["aliases"] or ())
        for file in row["files"] or ():
            files.setdefault(file.replace("\\", "/"), []).append(row["uid"])
    for alias, uid in sorted(aliased):  # a uid wins over an alias; of two claims with one alias, the first by uid
        ids.setdefault(alias, uid)
    folders = tuple(row["path"] for row in graph.read("scan_record_folders")) if files else ()
    return KnownIds(ids, {file: tuple(sorted(claims)) for file, claims in files.items()}, folders)


def scan_store(graph: Graph, store: str) -> dict[str, Any] | None:
    """The scan store's kind, root and last vocabulary digest; None when no store has the name. A store of
    another kind (an ingested one) is refused: a scan never writes into it."""
    rows = graph.read("scan_store", {"store": store})
    if rows and rows[0]["kind"] != "scan":
        raise UsageError(f"--store {store}: that store holds ingested records ({rows[0]['kind']}); a scan keeps its "
                         "citations in a store of its own (the default is `scan`)")
    return rows[0] if rows else None


def stored(graph: Graph, store: str, locators: Sequence[str] | None) -> dict[str, tuple[str, str]]:
    """locator -> (sha256, citations digest) of the files the store holds (those named, or all)."""
    rows = graph.read("scan_stored",
                      {"store": store, "locators": None if locators is None else list(locators)})
    return {row["locator"]: (row["sha256"], row["digest"]) for row in rows}


def _file_params(file: ScannedFile) -> dict[str, Any]:
    unresolved = [c for c in file.citations if c.claim is None]
    return {"locator": file.locator, "sha256": file.sha256, "digest": file.digest,
            "cites": [dict(c.to_dict()) for c in file.citations if c.claim is not None],
            "unresolved_ids": [c.id for c in unresolved], "unresolved_lines": [c.line for c in unresolved],
            "unresolved_columns": [c.column for c in unresolved], "unresolved_texts": [c.text for c in unresolved]}


def write(graph: Graph, store: str, root: str, vocabulary: str, files: Iterable[ScannedFile],
          removed: Sequence[str], mark: bool = True) -> tuple[int, int]:
    """Keep each file's citations (replacing what its previous snapshot said) and forget the files gone;
    (files written, files forgotten). With `mark`, the store records the root and vocabulary even when no file
    changed (a scan that changes neither writes nothing)."""
    written = 0
    if mark:
        graph.write("scan_store_mark", {"store": store, "root": root, "vocabulary": vocabulary})
    for chunk in chunked(files, WRITE_CHUNK):
        graph.write("scan_write", {"store": store, "root": root, "vocabulary": vocabulary,
                                                     "files": [_file_params(file) for file in chunk]})
        written += len(chunk)
    forgotten = 0
    for part in chunked(removed, WRITE_CHUNK):
        rows = graph.write("scan_forget", {"store": store, "locators": part})
        forgotten += int(rows[0]["removed"]) if rows else 0
    return written, forgotten


@dataclass(frozen=True)
class CitationFinding:
    """A citation with the cited claim's status for the question: file, line, what was written, the claim, its
    status and reason, and what to cite instead (the claim the successors lead to that governs now, when one)."""

    store: str
    root: str | None
    file: str
    line: int
    column: int
    text: str
    id: str
    kind: str
    claim: str | None
    status: str
    reason: str
    claim_store: str | None = None
    successors: tuple[str, ...] = ()
    cite_instead: str | None = None

    @property
    def governs(self) -> bool:
        return self.status == "ACTIVE"

    @property
    def rule(self) -> str:
        """The SARIF rule: stale-citation, conflict-citation, unknown-citation (unresolved: unknown-citation)."""
        return ("unknown" if self.status == UNRESOLVED else self.status.lower()) + "-citation"

    def to_dict(self) -> dict[str, Any]:
        return {"store": self.store, "file": self.file, "line": self.line, "column": self.column, "text": self.text,
                "id": self.id, "kind": self.kind, "claim": self.claim, "claim_store": self.claim_store,
                "status": self.status, "reason": self.reason, "successors": list(self.successors),
                "cite_instead": self.cite_instead, "governs": self.governs}


def _governing(graph: Graph, judged: Mapping[str, ClaimStatus], scope: str | None,
               at: datetime | None) -> dict[str, str]:
    """For each STALE claim, the claim its successors lead to that governs now (followed while each step has one
    successor), read set-wise: one status read per step of the longest chain."""
    known = dict(judged)
    heads = {uid: uid for uid, row in judged.items() if row.status == "STALE" and len(row.successors) == 1}
    found: dict[str, str] = {}
    for _ in range(_MAX_HOPS):
        step = {start: known[at_uid].successors[0] for start, at_uid in heads.items()}
        missing = sorted({uid for uid in step.values() if uid not in known})
        if missing:
            known.update({row.claim: row for row in status.status(graph, missing, scope=scope, at=at)})
        heads = {}
        for start, uid in step.items():
            row = known.get(uid)
            if row is None:
                continue
            if row.status == "ACTIVE":
                found[start] = uid
            elif row.status == "STALE" and len(row.successors) == 1 and row.successors[0] != start:
                heads[start] = uid
        if not heads:
            break
    return found


def findings(graph: Graph, *, store: str | None = None, files: Sequence[str] | None = None, scope: str | None = None,
             at: datetime | None = None, governing: bool = False) -> list[CitationFinding]:
    """Every kept citation (of `store`, else of every scan store; of `files`, else every file) with its claim's
    status; only those that do not govern unless `governing`. An unresolved citation is listed as UNRESOLVED."""
    rows = graph.read("scan_citations",
                      {"store": store, "locators": None if files is None else list(files)})
    claims = sorted({row["claim"] for row in rows if row["claim"] is not None})
    judged = {row.claim: row for row in status.status(graph, claims, scope=scope, at=at)} if claims else {}
    instead = _governing(graph, judged, scope, at)
    out = []
    for row in rows:
        base = {"store": row["store"], "root": row["root"], "file": row["file"], "line": int(row["line"]),
                "column": int(row["column"] or 1), "text": row["text"], "id": row["id"], "kind": row["kind"],
                "claim": row["claim"]}
        if row["claim"] is None:
            out.append(CitationFinding(**base, status=UNRESOLVED, reason="NOT_IN_GRAPH"))
            continue
        judgement = judged[row["claim"]]
        if judgement.status == "ACTIVE" and not governing:
            continue
        out.append(CitationFinding(**base, status=judgement.status, reason=judgement.reason,
                                   claim_store=row["home"], successors=judgement.successors,
                                   cite_instead=instead.get(row["claim"])))
    return out


def counts_by_store(found: Iterable[CitationFinding]) -> list[dict[str, Any]]:
    """Citations that do not govern, per store of the cited decision: how many, in how many files, by status."""
    table: dict[str, dict[str, Any]] = {}
    for item in found:
        if item.governs:
            continue
        key = item.claim_store or "(unresolved)"
        entry = table.setdefault(key, {"store": key, "citations": 0, "files": set(), "STALE": 0, "CONFLICT": 0,
                                       "UNKNOWN": 0, UNRESOLVED: 0})
        entry["citations"] += 1
        entry["files"].add((item.store, item.file))
        entry[item.status] = entry.get(item.status, 0) + 1
    return [dict(entry, files=len(entry["files"])) for _, entry in sorted(table.items())]


__all__ = ["FLAGGED", "UNRESOLVED", "CitationFinding", "KnownIds", "counts_by_store", "findings", "known_ids",
           "scan_store", "stored", "write"]
