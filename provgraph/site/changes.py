"""What changed in the graph since the site's last build, found without reading the decisions themselves.

Every build sends the server, for every claim, the small **site mark** the last build saw (whether its stored status
holds, when that status was stored, a few counts the claim node holds, and what its kept suspect pairs and
dismissals rest on), and the server answers with the claims marked otherwise now, in one query (`site_marks`, which
also says whether the kept suspects answer for the store); beside it the few things read in full: the edges
(pictures) and the citations `scan` kept. The manifest keeps what the last build saw (its **site state**: each
decision's mark, entry and own digest, and the suspects). A write that changes
anything of a claim its page shows -- its status, text, title, history or edges -- stores its status again (the write
lock's pass, docs/design.md "Stored status"), so its mark changes; a claim whose stored status does not hold now is
read every time. Only the claims whose mark changed are read again; every other decision's entry and digest are the
last build's.
"""
from __future__ import annotations

import hashlib
import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cached_property
from datetime import datetime, timedelta
from typing import Any, Mapping

from provgraph.base.values import epoch_us
from provgraph.engine.lineage import Edge
from provgraph.engine.suspects import Suspect, kept_answers, suspects, touching
from provgraph.graph.connection import Graph
from provgraph.site.entries import Entry

STATE_VERSION = 6
# how long before the last build's instant a rebuild's seek begins (Seek): longer than any transaction that stores
# statuses, and than the clocks of the writers and of the site's builder differ
SEEK_MARGIN_US = 3_600_000_000
ROWS = ".provgraph-site.rows"  # the state's rows of the shared pages (rows_to_bytes), listed in the manifest's files
_MANY_ROWS = ("site_edges", "site_citations")  # sent by the server as one list
_SPLIT_FROM = 16  # touched claims from which their suspects are read in two halves side by side
# site_edges row: source, target, kind, verb, scope, via, visible from, visible until (epoch microseconds, None: open)
EDGE_COLUMNS = ("source", "target", "kind", "verb", "scope", "via", "valid_from", "valid_to")


@dataclass(frozen=True)
class Marks:
    """What a build reads of every claim to find what changed (see the module's docstring)."""

    changed: dict[str, str]  # uid -> site mark, of every claim marked otherwise than the last build saw it
    unsettled: frozenset[str]  # claims whose stored status does not hold now: read every build (among `changed`)
    removed: frozenset[str]  # claims the last build had that the graph no longer holds
    citations: list[dict[str, Any]]  # site_citations rows
    pairs: dict[str, list[list[str]]]  # uid of a changed claim -> its kept suspect pairs now, each [later, earlier]
    dismissals: list[list[Any]]  # every dismissal's DISTINGUISHES: [adjudication, claim, decided_at, revoked_at]
    suspects_settled: bool  # the kept pairs answer for the whole store and the common terms are kept
    common: str  # a digest of the common terms


@dataclass(frozen=True)
class State:
    """What the last build saw (kept in the manifest under `state`)."""

    marks: dict[str, str]
    entries: dict[str, Entry]
    own: dict[str, str]  # uid -> Decision.own_digest
    rows: dict[str, list[str]]  # uid -> what the shared pages hold of it (build._rows)
    common: str
    suspects: list[Suspect]
    at: int  # the build's instant (epoch microseconds)
    pairs: list[list[str]]  # the kept suspect pairs, each [later, earlier]
    edges: list[list[Any]]  # site_edges rows (EDGE_COLUMNS) not closed at `at`
    dismissals: list[list[Any]]  # Marks.dismissals
    cited: dict[str, str]  # uid -> a digest of its citations, of every claim cited

    @classmethod
    def from_manifest(cls, manifest: dict[str, Any], rows: bytes | None) -> "State | None":
        """The state in `manifest`, with the rows file (`ROWS`, None: not there) the manifest names by its digest."""
        data = manifest.get("state")
        if not isinstance(data, dict) or data.get("version") != STATE_VERSION or rows is None:
            return None
        if hashlib.sha256(rows).hexdigest() != manifest.get("files", {}).get(ROWS):
            return None  # not the rows file the last build wrote
        try:
            return cls(marks=data["marks"], entries={uid: Entry.from_json(e) for uid, e in data["entries"].items()},
                       own=data["own"], rows=rows_from_bytes(rows), common=data["common"],
                       suspects=[Suspect(**{**s, "terms": tuple(s["terms"])}) for s in data["suspects"]],
                       at=int(data["at"]), pairs=data["pairs"], edges=data["edges"], dismissals=data["dismissals"], cited=data["cited"])
        except (KeyError, TypeError, ValueError):
            return None  # a manifest another version wrote: build as if first

    @cached_property
    def naming(self) -> dict[str, set[str]]:
        """Each claim the last entries name -> the decisions whose entry names it (`around` asks it of a few claims
        several times a build; a pass over every entry each time cost more than building this once)."""
        found: dict[str, set[str]] = {}
        for uid, entry in self.entries.items():
            for claim in (*entry.successors, *entry.premises, *entry.conflicts_with, *entry.pending, *entry.amendments,
                          *entry.premises_not_current):
                found.setdefault(claim, set()).add(uid)
        return found

    def to_json(self) -> dict[str, Any]:
        """The state but its rows (`rows_to_bytes`), for the manifest."""
        return {"version": STATE_VERSION, "marks": self.marks,
                "entries": {uid: entry.to_json() for uid, entry in sorted(self.entries.items())}, "own": self.own, "common": self.common,
                "suspects": [{**vars(s), "terms": list(s.terms)} for s in self.suspects], "at": self.at,
                "pairs": self.pairs, "edges": self.edges, "dismissals": self.dismissals, "cited": self.cited}


def known_marks(manifest: dict[str, Any]) -> dict[str, str] | None:
    """The marks of the state in `manifest` (None: no state of this version), read before the rest of the state is
    (State.from_manifest), so the server can compare them meanwhile."""
    data = manifest.get("state")
    if not isinstance(data, dict) or data.get("version") != STATE_VERSION or not isinstance(data.get("marks"), dict):
        return None
    marks: dict[str, str] = data["marks"]
    return marks


def rows_to_bytes(rows: Mapping[str, list[str]]) -> bytes:
    """The rows file: a JSON line (each decision's uid and the lengths of its rows), then the rows' text one after
    another. The rows are HTML and JSON text: kept as JSON strings they cost ten times as much to write and read."""
    uids = sorted(rows)
    texts = [text for uid in uids for text in rows[uid]]
    head = json.dumps({"version": STATE_VERSION, "uids": uids, "lengths": [[len(t) for t in rows[uid]] for uid in uids]},
                      ensure_ascii=False, separators=(",", ":"))
    return (head + "\n" + "".join(texts)).encode()


def rows_from_bytes(data: bytes) -> dict[str, list[str]]:
    """What `rows_to_bytes` wrote; ValueError when it is not that."""
    head, _, body = data.decode().partition("\n")
    found = json.loads(head)
    if found.get("version") != STATE_VERSION or len(found["uids"]) != len(found["lengths"]):
        raise ValueError("not a rows file of this version")
    rows: dict[str, list[str]] = {}
    at = 0
    for uid, lengths in zip(found["uids"], found["lengths"]):
        texts = []
        for length in lengths:
            texts.append(body[at:at + length])
            at += length
        rows[uid] = texts
    if at != len(body):
        raise ValueError("the rows file's lengths do not match its text")
    return rows


@dataclass(frozen=True)
class Seek:
    """How a rebuild finds the claims that may be marked otherwise without reading every claim (`site_marks` with
    $since): those a write stored a status for or the suspects pass looked up from `since` on, and `recheck`."""

    since: datetime
    recheck: list[str]


def seek_of(manifest: dict[str, Any], known: dict[str, str] | None, at: datetime,
            written: datetime | None) -> Seek | None:
    """The seek for a rebuild at `at` after the build whose state `manifest` holds, written (the manifest's time on
    disk) at `written` (None: read every claim, as when there is no state, or it was built as of a later instant).
    From the last build's instant, or when it was written if that is earlier (a build as of a later instant than
    its clock), less SEEK_MARGIN (a write stores the time its transaction began, and the writer's clock is not this
    one); rechecked: the claims whose last mark says no stored status, a suspects step owed, or an expiry by `at`
    (their mark may change with no new time: the mark's fields 1, 6 and 7, cypher/site_marks.cypher)."""
    state = manifest.get("state")
    last = state.get("at") if isinstance(state, dict) else None
    now = epoch_us(at)
    if known is None or written is None or not isinstance(last, int) or last > now:
        return None
    last = min(last, epoch_us(written))
    recheck = []
    for uid, mark in known.items():
        _, owed, expires = mark.rsplit(",", 2)  # the last two fields: a whole split of every mark took 5 ms
        if owed != "0" or mark.startswith(",-1,") or (expires != "-1" and int(expires) <= now):
            recheck.append(uid)
    return Seek(since=at - timedelta(microseconds=now - last + SEEK_MARGIN_US), recheck=recheck)


def read_marks(graph: Graph, at: datetime, known: dict[str, str] | None, seek: Seek | None = None) -> Marks:
    """The claims marked otherwise at `at` than in `known` (None: every claim), whether the kept suspects answer and
    the dismissals (`site_marks`), and the citations, side by side. With `seek`, `site_marks` reads only the claims
    the seek finds; when a claim without a stored status is not among them (marked stale since the last build, which
    no time tells), every claim is read after all. Without, every claim is read, in two halves of the uids side by
    side. The claims of `known` gone since are looked up only when fewer claims are left than were known (one more
    read)."""
    names: dict[str, tuple[str, dict[str, Any]]] = {"site_citations": ("site_citations", {})}
    ranges = [] if seek is not None else _halves(sorted(known)) if known else [(None, None)]
    if seek is not None:
        names["site_marks 0"] = ("site_marks", {"t": at, "known": None, "from": None, "to": None,
                                                "since": seek.since, "recheck": seek.recheck})
    for index, (start, end) in enumerate(ranges):
        keys = None if known is None else [f"{uid}|{mark}" for uid, mark in known.items()
                                           if (start is None or uid >= start) and (end is None or uid < end)]
        names[f"site_marks {index}"] = ("site_marks", {"t": at, "known": keys, "from": start, "to": end,
                                                       "since": None, "recheck": None})
    with ThreadPoolExecutor(max_workers=len(names), thread_name_prefix="provgraph-site") as pool:
        reads = {key: pool.submit(graph.read, name, params, collected=name in _MANY_ROWS)
                 for key, (name, params) in names.items()}
        rows = {key: future.result() for key, future in reads.items()}
    parts = [rows[f"site_marks {index}"][0] for index in range(max(1, len(ranges)))]
    marked = parts[0]
    changed = [row for part in parts for row in part["changed"]]
    if seek is not None:
        if marked["claims"] - marked["stored"] != sum(not row["stored"] for row in changed):
            return read_marks(graph, at, known)  # a claim marked stale since, not found by the seek
        changed = [row for row in changed if not row["fresh"] or (known or {}).get(row["claim"]) != row["mark"]]
    removed: frozenset[str] = frozenset()
    if known is not None and marked["claims"] != len(known) + sum(row["claim"] not in known for row in changed):
        removed = frozenset(row["uid"] for row in graph.read("site_claims_gone", {"claims": sorted(known)}))
    terms = marked["common"]
    return Marks(changed={row["claim"]: row["mark"] for row in changed},
                 unsettled=frozenset(row["claim"] for row in changed if not row["fresh"]),
                 removed=removed, citations=rows["site_citations"],
                 pairs={row["claim"]: row["pairs"] for row in changed}, dismissals=marked["dismissals"],
                 suspects_settled=kept_answers(marked["owed"], marked["schema"]) and terms is not None,
                 common=digest(sorted(terms or [])))


def moved(state: State, marks: Marks, at: int) -> set[str]:
    """The claims whose page may show something else though their mark is the one the last build saw: those a
    dismissal is new, gone or revoked for, or comes into or out of force for since the last build, and the ends of
    an edge that became visible or closed since (no write marks those: the instants were written before)."""
    before, now = ({tuple(row) for row in rows} for rows in (state.dismissals, marks.dismissals))
    found = {row[1] for row in before ^ now}
    found |= {row[1] for row in now if _between(state.at, at, row[2], row[3])}
    found |= {end for edge in state.edges if _between(state.at, at, edge[6], edge[7]) for end in edge[:2]}
    return found


def _between(after: int, until: int, *instants: int | None) -> bool:
    return any(instant is not None and after < instant <= until for instant in instants)


def pairs_now(state: State | None, marks: Marks) -> list[list[str]]:
    """The kept suspect pairs now: the last build's, less those of a claim marked otherwise or gone, plus those the
    marks read of the claims marked otherwise. The suspects pass rewrites the pairs only of claims it looks up again
    (a new suspects_at: a new mark), so every pair that changed has such a claim on one side."""
    fresh = {(later, earlier) for found in marks.pairs.values() for later, earlier in found}
    if state is not None:
        gone = marks.changed.keys() | marks.removed
        fresh |= {(later, earlier) for later, earlier in state.pairs if later not in gone and earlier not in gone}
    return [list(pair) for pair in sorted(fresh)]


def read_edges(graph: Graph, at: datetime, claims: list[str] | None) -> list[list[Any]]:
    """The site_edges rows touching `claims` (None: every edge) not closed at `at`, as lists (EDGE_COLUMNS)."""
    if claims is not None and not claims:
        return []
    rows = graph.read("site_edges", {"t": at, "claims": claims}, collected=True)
    return [[row[column] for column in EDGE_COLUMNS] for row in rows]


def edges_now(state: State | None, read: list[list[Any]], claims: set[str], at: int) -> list[list[Any]]:
    """Every edge not closed at `at`, in one order: the last build's, less those touching `claims` (the claims whose
    edges were read again, `read`) or a claim gone, plus `read`. An edge is written only with a claim on one side
    whose mark it changes, so an edge touching no claim marked otherwise is the one the last build read."""
    kept = [] if state is None else [edge for edge in state.edges if edge[0] not in claims and edge[1] not in claims]
    return sorted((edge for edge in kept + read if edge[7] is None or edge[7] > at), key=_edge_order)


def visible(edges: list[list[Any]], at: int) -> list[list[Any]]:
    """The edges a page draws at `at`: visible from then (or always) and not closed."""
    return [edge for edge in edges if edge[6] is None or edge[6] <= at]


def _edge_order(edge: list[Any]) -> tuple[str, ...]:
    return tuple("" if value is None else str(value) for value in (edge[0], edge[2], edge[1], edge[3], edge[4], edge[5]))


def _halves(uids: list[str]) -> list[tuple[str | None, str | None]]:
    """The uid ranges [from, to) of two halves of `uids` (sorted), the first and last open: the server compares the
    marks of each on a core of its own (Neo4j runs one query on one core)."""
    if len(uids) < 2:
        return [(None, None)]
    middle = uids[len(uids) // 2]
    return [(None, middle), (middle, None)]


def around(state: State, changed: set[str], edges: Mapping[str, list[Edge]]) -> set[str]:
    """The claims whose pages most likely show one of `changed`, read with them in one round: those whose last entry
    names one, those a changed claim's last entry names, and those an edge joins to one. (A page whose fingerprint
    changes for another reason is read after.)"""
    naming = state.naming
    found = {uid for claim in changed for uid in naming.get(claim, ())}
    for uid in changed:
        last = state.entries.get(uid)
        if last is not None:
            found |= last.linked()
        found |= {end for edge in edges.get(uid, ()) for end in (edge.source, edge.target)}
    return found & state.entries.keys()


def with_earlier(state: State, touched: set[str], pairs: list[list[str]]) -> set[str]:
    """`touched` and the earlier claim of every kept pair of a touched claim, in the last build's pairs or in those
    now: a pair's suspects are ranked among every pair of its earlier claim."""
    return touched | {earlier for later, earlier in (*state.pairs, *pairs) if later in touched}


def suspected(state: State, touched: set[str]) -> set[str]:
    """The claims of the last build's suspects with a touched claim: the pages a change of those suspects most
    likely moves (a suspect that is new is found by `suspects_now`, and its pages read then)."""
    return {uid for s in state.suspects if s.earlier in touched or s.later in touched for uid in (s.earlier, s.later)}


def dirty(state: State, touched: set[str], removed: frozenset[str], read: Mapping[str, Entry],
          edges: Mapping[str, list[Edge]], last_edges: Mapping[str, list[Edge]], cited: Mapping[str, str],
          suspects: set[str]) -> set[str]:
    """The decisions whose page fingerprint may differ from the last build's; every other one's is the last one's.
    A page shows its decision (only the claims `read` can differ), the claims it names and those naming it as
    revised (their entries differ only when touched: named by a touched claim's last or new entry, or naming one),
    its lineage (an edge that changed touches a touched claim; a box is a claim an edge joins it to), its citations
    (`cited`: uid -> digest, against the last build's) and its suspects (`suspects`: the claims of a suspect new,
    gone or moved)."""
    moved = touched | removed
    found = set(read) | around(state, moved, last_edges) | suspects
    for uid in touched:
        entry = read.get(uid)
        if entry is not None:
            found |= entry.linked() | set(entry.premises_not_current)
        found |= {end for edge in edges.get(uid, ()) for end in (edge.source, edge.target)}
    found |= {uid for uid in cited.keys() | state.cited.keys() if cited.get(uid) != state.cited.get(uid)}
    return found


def suspects_now(graph: Graph, marks: Marks, state: State | None, touched: set[str], pairs: list[list[str]],
                 scope: str | None) -> list[Suspect]:
    """The suspects as `suspects` lists them, best first: read in full on a first build, for a scope, while the kept
    pairs do not answer for the store or when the common terms changed; else the last build's, less every pair
    whose earlier claim is touched, plus every pair of those earlier claims (`touching` as the earlier claim: each
    ranked among every pair of its earlier claim). A pair can change only when one of its claims, its kept pair or a
    dismissal of it changed (each touches a claim), or when another pair of its earlier claim did; so the earlier
    claim of every pair of a touched claim, in the last build's kept pairs or in those now (`pairs`), is touched too,
    and a pair whose earlier claim is not touched is as the last build found it."""
    if state is None or scope is not None or not marks.suspects_settled or state.common != marks.common:
        return in_order(suspects(graph, scope=scope))
    touched = with_earlier(state, touched, pairs)
    earlier = {pair[1] for pair in pairs}
    kept = [s for s in state.suspects if s.earlier not in touched]
    return in_order(kept + _of_earlier(graph, sorted(touched & earlier)))  # a claim no pair leads to has none


def _of_earlier(graph: Graph, claims: list[str]) -> list[Suspect]:
    """The suspects whose earlier claim is one of `claims`, in two reads side by side when there are many claims
    (Neo4j runs a query on one core; each read ranks every pair of its earlier claims, which the other does not hold)."""
    if len(claims) < _SPLIT_FROM:
        return touching(graph, claims, as_earlier=True) if claims else []
    half = len(claims) // 2
    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="provgraph-site") as pool:
        parts = list(pool.map(lambda part: touching(graph, part, as_earlier=True), (claims[:half], claims[half:])))
    return [s for part in parts for s in part]


def in_order(found: list[Suspect]) -> list[Suspect]:
    """Best first, then by the earlier and later claim: one order whichever read found them."""
    return sorted(found, key=lambda s: (-s.score, s.earlier, s.later))


def digest(value: Any) -> str:
    """A digest of plain values (str, numbers, None, lists, tuples, dicts built in one order): of their repr, which
    is the same from one run to the next and several times quicker to write than JSON."""
    return hashlib.sha256(repr(value).encode()).hexdigest()
