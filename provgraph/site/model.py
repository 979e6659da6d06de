"""The site as data: every decision with what a page says of it, read from the graph in a few named queries.

A decision is a claim: its status and the account of it (engine.status), the title and text of its record, its
store, the snapshots that stated it (each with its commit and author where `--git` read them), what revises it,
what it revises and rests on, and the files `provgraph scan` found citing it. Nothing here is rendered.
"""
from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable

from provgraph.base.times import native, to_iso
from provgraph.engine.status import ClaimStatus, iter_status
from provgraph.engine.suspects import Suspect, suspects
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

    def neighbours(self) -> set[str]:
        s = self.status
        return set(s.successors) | set(s.premises) | set(s.conflicts_with) | set(s.pending) | set(s.amendments) | set(
            self.revises)

    def fingerprint(self, statuses: dict[str, tuple[str, str, str]]) -> str:
        """What the decision's page shows, as a digest: a page whose fingerprint is unchanged is not written again."""
        s = self.status
        facts: list[Any] = [
            s.claim, s.status, s.reason, s.scope, s.subject, s.value, s.declared, s.path, list(s.aliases), s.snapshot,
            list(s.lines or ()), to_iso(s.since) if s.since else None, s.because_kind, s.because, s.because_commit,
            s.because_author, s.because_file, s.because_line, sorted(s.successors), sorted(s.premises),
            sorted(s.conflicts_with), sorted(s.pending), sorted(s.amendments), self.title, self.text, self.store,
            self.locator, self.url, sorted(self.revises),
            [[v.snapshot, to_iso(v.revised_at) if v.revised_at else None, v.version, v.author, v.declared]
             for v in self.history],
            [[c.store, c.file, c.line, c.text, c.url] for c in self.citations],
            [[x.earlier, x.later, x.score] for x in self.suspects],
            {uid: statuses.get(uid) for uid in sorted(self.neighbours())},
        ]
        return hashlib.sha256(json.dumps(facts, default=str, ensure_ascii=False).encode()).hexdigest()


@dataclass
class SiteData:
    decisions: dict[str, Decision]
    suspects: list[Suspect]
    built_at: datetime

    def statuses(self) -> dict[str, tuple[str, str, str]]:
        """uid -> (status, reason, name): what a page shows of the decisions it names."""
        return {uid: (d.status.status, d.status.reason, d.name) for uid, d in self.decisions.items()}

    def name(self, uid: str) -> str:
        """A decision's id and title (`Decision.name`), or the uid alone for a claim the site does not hold."""
        found = self.decisions.get(uid)
        return found.name if found else uid


def read_site(graph: Graph, *, scope: str | None = None, at: datetime | None = None) -> SiteData:
    """Every decision the graph holds, with what its page needs: a fixed number of reads whatever the size of the
    graph, run side by side (the server answers them on its cores while the statuses stream in)."""
    built_at = at or native(datetime.now().astimezone())
    with ThreadPoolExecutor(max_workers=4, thread_name_prefix="provgraph-site") as pool:
        reads = {name: pool.submit(_rows, graph, name) for name in ("site_decisions", "site_history", "site_citations")}
        found_suspects = pool.submit(suspects, graph, scope=scope)
        decisions = {row.claim: Decision(status=row) for row in iter_status(graph, scope=scope, at=built_at)}
        rows = {name: future.result() for name, future in reads.items()}
        found = found_suspects.result()
    for row in rows["site_decisions"]:
        decision = decisions.get(row["claim"])
        if decision is None:
            continue
        decision.title, decision.text, decision.store = row["title"], row["text"], row["store"]
        decision.locator, decision.url = row["locator"], row["url"]
    for row in rows["site_history"]:
        if row["claim"] in decisions:
            decisions[row["claim"]].history.append(_version(row))
    cited = [row for row in rows["site_citations"] if row["claim"] in decisions]
    bases = forge_bases({row["root"] for row in cited if row["root"]})
    for row in cited:
        file, line = row["file"] or "", int(row["line"] or 0)
        decisions[row["claim"]].citations.append(Citation(store=row["store"] or "", file=file, line=line,
                                                          text=row["text"] or "",
                                                          url=citation_url(bases.get(row["root"]), file, line)))
    _link_revised(decisions.values(), decisions)
    for suspect in found:
        for uid in (suspect.earlier, suspect.later):
            if uid in decisions:
                decisions[uid].suspects.append(suspect)
    return SiteData(decisions=decisions, suspects=found, built_at=built_at)


def _rows(graph: Graph, name: str) -> list[dict[str, Any]]:
    return list(graph.stream(name, {}))


def _version(row: dict[str, Any]) -> Version:
    return Version(snapshot=row["snapshot"], revised_at=native(row["revised_at"]), until=native(row["until"]),
                   version=row["version"], author=row["author"], committer=row["committer"], path=row["path"],
                   deleted=bool(row["deleted"]), declared=row["declared"], line_start=row["line_start"])


def _link_revised(items: Iterable[Decision], decisions: dict[str, Decision]) -> None:
    """Each decision's `revises`: the claims naming it among their successors or amendments."""
    revised: dict[str, set[str]] = defaultdict(set)
    for decision in items:
        for successor in (*decision.status.successors, *decision.status.amendments, *decision.status.pending):
            revised[successor].add(decision.uid)
    for uid, targets in revised.items():
        if uid in decisions:
            decisions[uid].revises = sorted(targets)
