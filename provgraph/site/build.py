"""`provgraph site`: a static website written from the graph, rebuilt incrementally.

The site is plain files (HTML, one style sheet, two small scripts, Atom feeds) that open from disk or any web server:
`index.html` (home), `decisions.html` (every decision, filterable), `search.html`, `d/<decision>.html` (a page per
decision at a stable address from its uid), `status/<status>.html`, `store/<store>.html`, `feed.atom` and
`feeds/<store>.atom`.

A rebuild reads from the graph only the decisions whose site mark changed since the last build (site/changes.py) and
takes every other decision's entry from the manifest. A decision's page is rendered again only when its **page
fingerprint** changed: a digest of everything the page shows -- the decision's own digest, the statuses and names of
the claims it names, its lineage picture's edges and boxes, its citations and suspects; the decisions rendered that
were not read (a neighbour changed) are read then. The lists, home, search index and feeds are written from the
entries (a file whose bytes did not change is not rewritten).
"""
from __future__ import annotations

import gc
import hashlib
import json
import os
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import datetime
from importlib.resources import files as package_files
from pathlib import Path
from typing import Any, Callable, Iterable

from provgraph.base.times import native
from provgraph.base.values import epoch_us
from provgraph.engine.lineage import Edge
from provgraph.engine.suspects import Suspect
from provgraph.graph.connection import Graph
from provgraph.site import changes, list_pages, shared
from provgraph.site.decision_page import decision_page
from provgraph.site.entries import Entry, Listing, revised
from provgraph.site.layout import decision_href
from provgraph.site.model import Citation, Decision, citations_by_claim, read_decisions
from provgraph.site.pictures import drawn_from, edges_by_claim, pictures
from provgraph.site.record_text import words
from provgraph.site.writer import digest_of, manifest_written, read_manifest, write_site
from provgraph.views import svg

DEFAULT_TITLE = "Decisions"
# the code a page's bytes and the site state depend on: a change to any of it builds every page again
_CODE = ("build.py", "changes.py", "decision_page.py", "entries.py", "layout.py", "model.py", "pictures.py",
         "record_text.py", "shared.py")


@dataclass(frozen=True)
class SiteResult:
    out: Path
    decisions: int
    decisions_read: int
    pages_rendered: int
    pages_kept: int
    files_written: int
    files_removed: int
    pictures: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {"out": str(self.out), "decisions": self.decisions, "decisions_read": self.decisions_read,
                "pages_rendered": self.pages_rendered, "pages_kept": self.pages_kept,
                "files_written": self.files_written, "files_removed": self.files_removed, "pictures": self.pictures,
                "seconds": round(self.seconds, 2)}

    def summary(self) -> str:
        return (f"site {self.out}: {self.decisions} decisions, {self.decisions_read} read from the graph; "
                f"{self.pages_rendered} decision page(s) rendered, {self.pages_kept} unchanged; {self.files_written} "
                f"file(s) written, {self.files_removed} removed; {self.pictures} lineage picture(s); {self.seconds:.1f} s")


def build_site(graph: Graph, out: Path, *, title: str = DEFAULT_TITLE, scope: str | None = None,
               at: datetime | None = None, progress: Callable[[str], None] | None = None) -> SiteResult:
    started = time.perf_counter()
    collecting = gc.isenabled()
    # A build holds the site state (hundreds of thousands of small objects, none in a cycle): each full collection
    # the cyclic collector makes while pages are rendered walks all of them (30-50 ms each, several a rebuild)
    gc.disable()
    try:
        say = progress or (lambda _: None)
        built_at = at or native(datetime.now().astimezone())
        manifest = read_manifest(out)
        settings = _settings(title, scope)
        known = changes.known_marks(manifest) if manifest.get("settings") == settings and scope is None else None
        with ThreadPoolExecutor(max_workers=2, thread_name_prefix="provgraph-site") as pool:
            # the server seeks the marks while the rest of the last build's state is decoded here, and the folder's
            # pages are listed (file system calls, which wait on the disk without the interpreter)
            marks_read = pool.submit(changes.read_marks, graph, built_at, known,
                                     changes.seek_of(manifest, known, built_at, manifest_written(out)))
            listing = pool.submit(_pages_on_disk, out)
            state = changes.State.from_manifest(manifest, _read(out / changes.ROWS)) if known is not None else None
            marks, on_disk = marks_read.result(), listing.result()
        if state is not None and state.at > epoch_us(built_at):
            state = None  # built as of an earlier instant than the last build: what lapsed since is not known
        if known is not None and state is None:  # the state was not whole: every claim is read as on a first build
            marks = changes.read_marks(graph, built_at, None)
        # Graphviz starts while the decisions are read: starting it costs more than drawing a rebuild's few pictures
        with svg.graphviz_started(state is None or bool(marks.changed or marks.removed)) as dot:
            result = _build(graph, out, _Build(title, scope, built_at, say, manifest, settings, state, marks, dot,
                                               on_disk))
    finally:
        if collecting:
            gc.enable()
    return replace(result, seconds=time.perf_counter() - started)


@dataclass(frozen=True)
class _Build:
    """What a build knows before it reads the decisions."""

    title: str
    scope: str | None
    built_at: datetime
    say: Callable[[str], None]
    manifest: dict[str, Any]
    settings: str
    state: changes.State | None
    marks: changes.Marks
    dot: "subprocess.Popen[str] | None"  # Graphviz, started (svg.graphviz_started)
    on_disk: set[str]  # the decision pages in the folder (_pages_on_disk)


def _build(graph: Graph, out: Path, build: _Build) -> SiteResult:
    """Read what changed, render what it changes, write (the result's `seconds` is left to the caller)."""
    title, scope, built_at, say, manifest, settings = (build.title, build.scope, build.built_at, build.say,
                                                        build.manifest, build.settings)
    state, marks = build.state, build.marks
    at = epoch_us(built_at)
    # a claim whose mark changed, or whose dismissals or edges changed without a write (changes.moved)
    touched = set(marks.changed) | (changes.moved(state, marks, at) if state is not None else set())
    pairs = changes.pairs_now(state, marks)
    last_edges = edges_by_claim(changes.visible(state.edges, state.at)) if state is not None else {}
    # read with them: the pages that most likely show them (around), or one of the suspects read again (suspected)
    wanted = (None if state is None else sorted((touched | changes.around(state, touched, last_edges)
                                                 | changes.suspected(state, touched | marks.removed))
                                                - marks.removed))
    before_pages: dict[str, str] = manifest.get("decisions", {}) if manifest.get("settings") == settings else {}
    before_files: dict[str, str] = manifest.get("files", {})
    on_disk = build.on_disk
    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="provgraph-site") as pool:
        # the suspects and the edges of the claims read are read while the decisions are read and made into entries
        suspects_read = pool.submit(_suspects_and_their_pages, graph, build, wanted, touched, pairs)
        edges_read = pool.submit(changes.read_edges, graph, built_at, wanted)
        decisions = read_decisions(graph, wanted, built_at, scope)
        say(f"read {len(decisions)} decision(s) from the graph")
        entries = {uid: Entry.of(decision) for uid, decision in decisions.items()}
        own = {uid: decision.own_digest() for uid, decision in decisions.items()}
        rows = {uid: _rows(entries[uid], decision) for uid, decision in decisions.items()}
        all_marks = dict(marks.changed)
        if state is not None:
            all_marks = {**{uid: mark for uid, mark in state.marks.items() if uid not in marks.removed},
                         **marks.changed}
            for uid in state.entries.keys() - entries.keys() - marks.removed:
                entries[uid], own[uid], rows[uid] = state.entries[uid], state.own[uid], state.rows[uid]
        all_edges = changes.edges_now(state, edges_read.result(), set(wanted or ()) | marks.removed, at)
        edges = edges_by_claim(changes.visible(all_edges, at))
        cited = {uid: found_there for uid, found_there in citations_by_claim(marks.citations).items() if uid in entries}
        site = Listing(entries=dict(sorted(entries.items())), suspects=[],
                       citations={uid: len(c) for uid, c in cited.items()}, built_at=built_at)
        revises = revised(site.entries.values())
        statuses = site.statuses()
        cited_digests = {uid: changes.digest([[c.store, c.file, c.line, c.text, c.url] for c in found_there])
                         for uid, found_there in cited.items()}
        page = _Pages(site, own, revises, statuses, edges, cited)
        # while the suspects are read: the pictures of the pages that change whatever the suspects are, and the
        # shared pages but home (the only one showing the suspects)
        likely = (list(site.entries) if state is None else page.changing(
            changes.dirty(state, touched, marks.removed, {uid: entries[uid] for uid in decisions}, edges, last_edges,
                          cited_digests, set()), _of_claim(state.suspects), before_pages))
        drawing = pool.submit(pictures, site, page.linked(likely), 1, build.dot)
        same = None if state is None else shared.unchanged_inputs(state, site, rows)
        shared_kept = {} if same is None else shared.kept_shared(out, before_files, same, home=False)
        files = shared.shared_pages(site, title, rows, set(shared_kept) | {shared.HOME})
        rows_kept = (same is not None and not same.moved and changes.ROWS in before_files
                     and (out / changes.ROWS).is_file())
        if scope is None and not rows_kept:
            files[changes.ROWS] = changes.rows_to_bytes(rows)
        digests = {path: digest_of(data) for path, data in files.items()}  # what write_site would hash after
        found, shown = suspects_read.result()
    site.suspects = found
    of_claim = _of_claim(found)
    again = (site.entries.keys() if state is None else changes.dirty(
        state, touched, marks.removed, {uid: entries[uid] for uid in decisions}, edges, last_edges, cited_digests,
        _suspects_moved(found, state.suspects)))
    fingerprints = {uid: page.fingerprint(uid, of_claim) if uid in again or uid not in before_pages
                    else before_pages[uid] for uid in site.entries}
    kept: dict[str, str] = {}
    render: list[str] = []
    for uid in site.entries:
        relpath = decision_href(uid, 0)
        if before_pages.get(uid) == fingerprints[uid] and relpath in before_files and relpath in on_disk:
            kept[relpath] = before_files[relpath]
        else:
            render.append(uid)
    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="provgraph-site") as pool:
        # the pages to render that were not read are read, and Graphviz draws those the guess left out (a page whose
        # suspects alone changed), while this thread writes the home page
        more = pool.submit(read_decisions, graph, [uid for uid in render if uid not in decisions and uid not in shown],
                           built_at, scope)
        left_out = page.linked(set(render) - set(likely))
        drawing_more = pool.submit(pictures, site, left_out, 1) if left_out else None
        if state is not None and same is not None and shared.home_unchanged(state, site, same, cited_digests) \
                and shared.HOME in before_files and (out / shared.HOME).is_file():
            kept[shared.HOME] = before_files[shared.HOME]
        else:
            files[shared.HOME] = shared.home_page(site, title)
        kept.update(shared_kept)
        decisions.update(shown)
        decisions.update(more.result())
        drawn = {**drawing.result(), **(drawing_more.result() if drawing_more else {})}
    pictured = sum(uid in drawn for uid in render)  # a guess may have drawn a page kept after all
    say(f"{len(render)} decision page(s) to render, {pictured} with a lineage picture")
    for uid in render:
        decision = decisions[uid]
        decision.citations, decision.revises = cited.get(uid, []), revises.get(uid, [])
        decision.suspects = of_claim.get(uid, [])
        files[decision_href(uid, 0)] = decision_page(decision, statuses, drawn.get(uid), title).encode()
    new_state = changes.State(marks=all_marks, entries=site.entries, own=own, rows=rows, common=marks.common,
                              suspects=found, at=at, pairs=pairs, edges=all_edges, dismissals=marks.dismissals,
                              cited=cited_digests)
    if scope is None and rows_kept:
        kept[changes.ROWS] = before_files[changes.ROWS]  # no decision's rows changed: the same bytes
    result = write_site(out, files, kept, {"settings": settings, "decisions": fingerprints,
                                           "state": new_state.to_json() if scope is None else None}, before_files,
                        digests)
    return SiteResult(out=out, decisions=len(site.entries), decisions_read=len(decisions), pages_rendered=len(render),
                      pages_kept=len(kept), files_written=result.written, files_removed=result.removed,
                      pictures=pictured, seconds=0.0)


def _suspects_moved(now: list[Suspect], before: list[Suspect]) -> set[str]:
    """The claims of the suspects that are new or gone since the last build."""
    return {uid for suspect in set(now) ^ set(before) for uid in (suspect.earlier, suspect.later)}


def _suspects_and_their_pages(graph: Graph, build: _Build, wanted: list[str] | None, touched: set[str],
                              pairs: list[list[str]]) -> tuple[list[Suspect], dict[str, Decision]]:
    """The suspects now (changes.suspects_now) and, on a rebuild, the decisions not in `wanted` whose pages show a
    suspect that is new or gone: read at once, not after the pages to render are known (a round trip less)."""
    marks, state = build.marks, build.state
    found = changes.suspects_now(graph, marks, state, touched | marks.removed, pairs, build.scope)
    if state is None or wanted is None:
        return found, {}
    moved = _suspects_moved(found, state.suspects)
    shown = sorted(moved - set(wanted) - marks.removed)
    return found, read_decisions(graph, shown, build.built_at, build.scope)


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _pages_on_disk(out: Path) -> set[str]:
    """The decision pages in `out` now, as relative paths (one listing of the folder, not a look per page)."""
    try:
        with os.scandir(out / "d") as found:
            return {f"d/{item.name}" for item in found if item.is_file()}
    except OSError:
        return set()


def _of_claim(found: list[Suspect]) -> dict[str, list[Suspect]]:
    """The suspects each claim is part of, in the order of `found`."""
    of_claim: dict[str, list[Suspect]] = {}
    for suspect in found:
        for uid in dict.fromkeys((suspect.earlier, suspect.later)):
            of_claim.setdefault(uid, []).append(suspect)
    return of_claim


@dataclass(frozen=True)
class _Pages:
    """What a build knows of every decision page before the suspects: enough to fingerprint a page given its suspects,
    and to say which pages have a lineage picture."""

    site: Listing
    own: dict[str, str]
    revises: dict[str, list[str]]
    statuses: dict[str, tuple[str, str, str]]
    edges: dict[str, list[Edge]]
    cited: dict[str, list[Citation]]

    def fingerprint(self, uid: str, of_claim: dict[str, list[Suspect]]) -> str:
        """What the page of `uid` shows, as a digest: its own digest, the claims it names (their status, reason and
        name), its lineage picture (edges and boxes), its citations and its suspects. A page that names no claim and
        has no picture, citation or suspect shows only its decision: its own digest is its fingerprint."""
        entry, revises, edges = self.site.entries[uid], self.revises.get(uid, []), self.edges.get(uid, [])
        cited, suspects, linked = self.cited.get(uid, []), of_claim.get(uid, []), entry.linked()
        if not (linked or revises or entry.premises_not_current or edges or cited or suspects):
            return self.own[uid]
        named = sorted(linked | set(revises) | set(entry.premises_not_current))
        boxes = drawn_from(uid, self.site, edges, bool(linked or revises))
        facts = [self.own[uid], revises, [[name, self.statuses.get(name)] for name in named],
                 [[e.source, e.target, e.kind, e.verb, e.scope, e.via] for e in edges] if boxes else None, boxes,
                 [[c.store, c.file, c.line, c.text, c.url] for c in cited],
                 [[x.earlier, x.later, x.score] for x in suspects]]
        return changes.digest(facts)

    def changing(self, candidates: set[str], last_suspects: dict[str, list[Suspect]],
                 before: dict[str, str]) -> list[str]:
        """The pages among `candidates` whose fingerprint differs from the last build's with their last suspects: those
        rendered again whatever the suspects are now (a guess made before they are read)."""
        return [uid for uid in sorted(candidates & self.site.entries.keys())
                if before.get(uid) != self.fingerprint(uid, last_suspects)]

    def linked(self, uids: Iterable[str]) -> dict[str, list[Edge]]:
        """The pages among `uids` that can have a lineage picture, with the edges touching each (pictures)."""
        return {uid: self.edges.get(uid, []) for uid in uids
                if self.site.entries[uid].linked() or self.revises.get(uid)}


def _settings(title: str, scope: str | None) -> str:
    """What every decision page depends on besides its decision: a change re-renders them all."""
    code = b"".join(package_files("provgraph.site").joinpath(name).read_bytes() for name in _CODE)
    return hashlib.sha256(json.dumps([title, scope, svg.graphviz() is not None]).encode() + code).hexdigest()


def _rows(entry: Entry, decision: Decision) -> list[str]:
    """What the shared pages hold of one decision, written once and kept in the site state: its row in a list of
    status or store, its row in the table of every decision, its entry in the search index (JSON, with the words of
    its text and aliases)."""
    found = {"id": entry.uid, "title": entry.title, "status": entry.status, "store": entry.store or "",
             "href": decision_href(entry.uid, 0),
             "words": words(f"{' '.join(decision.status.aliases)} {decision.text or ''}")}
    # JSON inside a script file: "</" cannot end anything there, but keep it escaped for any reader that inlines it
    return [list_pages.list_row(entry), list_pages.all_row(entry),
            json.dumps(found, ensure_ascii=False).replace("</", "<\\/")]
