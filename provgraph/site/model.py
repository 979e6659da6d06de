"""A decision as its page shows it, read from the graph in a few named queries, for every claim or for a few.

A decision is a claim: its status and the account of it (engine.status), the title and text of its record, its
store, the snapshots that stated it (each with its commit and author where `--git` read them), what revises it,
what it revises and rests on, and the files `provgraph scan` found citing it. Nothing here is rendered.
"""
from __future__ import annotations

import hashlib
import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable

from provgraph.base.times import native, to_iso
from provgraph.engine.status import ClaimStatus, iter_status, status
from provgraph.engine.suspects import Suspect
from provgraph.graph.connection import Graph
from provgraph.site.forge_links import citation_url, forge_bases

RETIRED = "STALE"


@dataclass(frozen=True)
class Version:
    """One snapshot that stated the decision: what it declared then, since when, by which commit and author."""

    snapshot: str
    revised_at: datetime | None
    until: datetime | None
    version: str | None
    author: str | None
    committer: str | None
    path: str | None
    deleted: bool
    declared: str | None
    line_start: int | None


@dataclass(frozen=True)
class Citation:
    """A place in a scanned file that cites the decision."""

    store: str
    file: str
    line: int
    text: str
    url: str | None = None  # the file at that line on its forge (GitHub, GitLab), when the scan root's remote is one


@dataclass
class Decision:
    status: ClaimStatus
    title: str | None = None
    text: str | None = None
    store: str | None = None
    locator: str | None = None
    url: str | None = None
    history: list[Version] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    revises: list[str] = field(default_factory=list)  # the claims this one's record retires or amends
    suspects: list[Suspect] = field(default_factory=list)  # possible unlinked revisions this claim is part of

    @property
    def uid(self) -> str:
        return self.status.claim

    @property
    def name(self) -> str:
        """`PEP 8: Style Guide for Python Code`: the id, and the title when the record has one."""
        title = (self.title or "").strip()
        return f"{self.uid}: {title}" if title and title != self.uid else self.uid

    @property
    def retired(self) -> bool:
        return self.status.status == RETIRED

    def own_digest(self) -> str:
        """A digest of what the decision's page shows of the decision itself (not what other claims' statuses, edges,
        citations and suspects add): a rebuild keeps it for the decisions it does not read again."""
        s = self.status
        facts: list[Any] = [
            s.claim, s.status, s.reason, s.scope, s.subject, s.value, s.declared, s.path, list(s.aliases), s.snapshot,
            list(s.lines or ()), to_iso(s.since) if s.since else None, s.because_kind, s.because, s.because_commit,
            s.because_author, s.because_file, s.because_line, sorted(s.successors), sorted(s.premises),
            sorted(s.conflicts_with), sorted(s.pending), sorted(s.amendments), list(s.premises_not_current),
            self.title, self.text, self.store, self.locator, self.url,
            [[v.snapshot, to_iso(v.revised_at) if v.revised_at else None, v.version, v.author, v.path, v.deleted,
              v.declared] for v in self.history],
        ]
        return hashlib.sha256(json.dumps(facts, default=str, ensure_ascii=False).encode()).hexdigest()


def read_decisions(graph: Graph, claims: list[str] | None, at: datetime, scope: str | None = None) -> dict[str, Decision]:
    """The decisions of `claims` (None: every claim) as of `at`, judged for `scope` (None: each claim's own), without
    their citations, revisions and suspects (the caller adds those, which it reads for every claim): the statuses,
    the records' titles and texts and the history, read side by side (the server answers them on its cores while the
    statuses stream in)."""
    if claims is not None and not claims:
        return {}
    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="provgraph-site") as pool:
        reads = {name: pool.submit(graph.read, name, {"claims": claims}) for name in ("site_decisions", "site_history")}
        statuses = (iter_status(graph, scope=scope, at=at) if claims is None
                    else status(graph, claims, scope=scope, at=at))
        decisions = {row.claim: Decision(status=row) for row in statuses}
        rows = {name: future.result() for name, future in reads.items()}
    for row in rows["site_decisions"]:
        decision = decisions.get(row["claim"])
        if decision is None:
            continue
        decision.title, decision.text, decision.store = row["title"], row["text"], row["store"]
        decision.locator, decision.url = row["locator"], row["url"]
    for row in rows["site_history"]:
        if row["claim"] in decisions:
            decisions[row["claim"]].history.append(_version(row))
    return decisions


def citations_by_claim(rows: Iterable[dict[str, Any]]) -> dict[str, list[Citation]]:
    """The rows of `site_citations` as each claim's citations, in the query's order, each linked to its forge when
    the scan root's remote is one (read from git now: a new commit there moves the links)."""
    cited = list(rows)
    bases = forge_bases({row["root"] for row in cited if row["root"]})
    found: dict[str, list[Citation]] = {}
    for row in cited:
        file, line = row["file"] or "", int(row["line"] or 0)
        found.setdefault(row["claim"], []).append(Citation(store=row["store"] or "", file=file, line=line,
                                                           text=row["text"] or "",
                                                           url=citation_url(bases.get(row["root"]), file, line)))
    return found


def _version(row: dict[str, Any]) -> Version:
    return Version(snapshot=row["snapshot"], revised_at=native(row["revised_at"]), until=native(row["until"]),
                   version=row["version"], author=row["author"], committer=row["committer"], path=row["path"],
                   deleted=bool(row["deleted"]), declared=row["declared"], line_start=row["line_start"])
