"""A deterministic synthetic corpus: board cards and decision logs in several stores.

`generate(claims, seed)` plans `claims` claims as `ClaimSpec`s, in groups that give the
status rules real work to do:

- supersession chains (2-5 claims on one subject, each superseding the one before),
- rival pairs (same subject, different values, no edge between them: CONFLICT),
- single claims, a fifth of which depend on an earlier claim of their store (DEPENDS_ON).

Groups are dealt over four stores: two card files (JSON Lines) and two log files (JSON
Lines). `write_files(corpus, folder)` writes them as the ingesters read them, and
`Corpus.floor_rows()` gives the same nodes and relationships as plain rows for the raw
Neo4j baseline. The same (claims, seed) always gives the same bytes. `ingest_files` ingests the written files
through the real pipeline, `verify_requests` draws verify requests from a corpus, and `sizes` reads a bench's
`--sizes 25k,100k`.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

FORMATS = {"cards": "default", "logs": "jsonl"}  # each store kind's ingester format
STORES: tuple[tuple[str, str], ...] = (("cards-a", "cards"), ("cards-b", "cards"), ("logs-a", "logs"), ("logs-b", "logs"))
SCOPES = ("", "org/acme", "org/acme/payments", "org/acme/search", "org/globex")
BASE_TIME = datetime(2024, 1, 1, tzinfo=timezone.utc)
FILE_SUFFIX = ".jsonl"


@dataclass(frozen=True)
class ClaimSpec:
    uid: str
    store: str
    kind: str  # cards or logs
    ts: datetime
    text: str
    subject: str | None = None
    value: str | None = None
    scope: str = ""
    supersedes: tuple[str, ...] = ()
    depends_on: tuple[str, ...] = ()

    @property
    def url(self) -> str | None:
        return f"https://board.example/c/{self.uid}" if self.kind == "cards" else None

    def record(self) -> dict[str, Any]:
        """The input line: a card or a log entry."""
        stamp = self.ts.isoformat().replace("+00:00", "Z")
        if self.kind == "cards":
            card: dict[str, Any] = {"id": self.uid, "url": self.url, "author": "bench", "ts": stamp, "content": self.text}
            edges = [{"verb": "supersedes", "target": t} for t in self.supersedes]
            edges += [{"verb": "depends_on", "target": t} for t in self.depends_on]
            if edges:
                card["edges"] = edges
            for key in ("subject", "value"):
                if getattr(self, key) is not None:
                    card[key] = getattr(self, key)
            if self.scope:
                card["scope"] = self.scope
            return card
        entry: dict[str, Any] = {"ts": stamp, "id": self.uid, "text": self.text}
        for key in ("subject", "value"):
            if getattr(self, key) is not None:
                entry[key] = getattr(self, key)
        if self.scope:
            entry["scope"] = self.scope
        if self.supersedes:
            entry["supersedes"] = list(self.supersedes)
        if self.depends_on:
            entry["depends_on"] = list(self.depends_on)
        return entry


@dataclass
class Corpus:
    seed: int
    claims: list[ClaimSpec] = field(default_factory=list)
    groups: dict[str, int] = field(default_factory=dict)  # kind of group -> how many

    def by_store(self) -> dict[str, list[ClaimSpec]]:
        result: dict[str, list[ClaimSpec]] = {name: [] for name, _ in STORES}
        for claim in self.claims:
            result[claim.store].append(claim)
        return result

    @property
    def edges(self) -> list[tuple[str, str, str]]:
        """(kind, from uid, to uid) for every edge."""
        out: list[tuple[str, str, str]] = []
        for claim in self.claims:
            out += [("SUPERSEDES", claim.uid, target) for target in claim.supersedes]
            out += [("DEPENDS_ON", claim.uid, target) for target in claim.depends_on]
        return out

    def floor_rows(self) -> tuple[list[dict[str, Any]], list[tuple[str, str, str]]]:
        """Rows for the raw baseline: every Claim/Source/Snapshot with its properties, and the edges.

        Same keys and property sets the pipeline stores, no hashing: the snapshot `sha256`
        is left to a fixed string, the point being what the database costs on its own.
        """
        rows = []
        for c in self.claims:
            locator = c.uid if c.kind == "cards" else f"{c.store}{FILE_SUFFIX}#{c.uid}"
            source = f"{c.store}:{locator}"
            rows.append({
                "store": c.store, "uid": c.uid, "aliases": [c.url] if c.url else [], "text": c.text,
                "subject": c.subject, "value": c.value, "scope": c.scope, "ts": c.ts,
                "source": source, "locator": locator, "kind": "card" if c.kind == "cards" else "log-entry",
                "url": c.url, "container": None if c.kind == "cards" else f"{c.store}{FILE_SUFFIX}",
                "snapshot": f"{source}@bench", "sha256": "0" * 64,
            })
        return rows, self.edges


class _Planner:
    """The generator's state (uid counters, clock, group number, each store's claims), so an append continues a
    corpus where `generate` left it: new uids, later times, new groups."""

    def __init__(self, corpus: Corpus, rng: random.Random) -> None:
        self.corpus, self.rng = corpus, rng
        self.counters = {name: 0 for name, _ in STORES}
        self.history: dict[str, list[str]] = {name: [] for name, _ in STORES}  # earlier claim uids per store
        for claim in corpus.claims:
            self.counters[claim.store] = max(self.counters[claim.store], int(claim.uid.rsplit("-", 1)[1]))
            self.history[claim.store].append(claim.uid)
        self.tick = len(corpus.claims)  # one tick a claim
        self.group = sum(corpus.groups.values())  # one group a round

    def new_uid(self, store: str) -> str:
        self.counters[store] += 1
        return f"{store}-{self.counters[store]:07d}"

    def when(self) -> datetime:
        self.tick += 1
        return BASE_TIME + timedelta(minutes=self.tick)

    def add(self, claim: ClaimSpec) -> None:
        self.corpus.claims.append(claim)
        self.history[claim.store].append(claim.uid)

    def count(self, kind: str) -> None:
        self.corpus.groups[kind] = self.corpus.groups.get(kind, 0) + 1

    def plan(self, claims: int) -> None:
        """Add groups until the corpus holds `claims` claims (exactly)."""
        rng, kinds = self.rng, dict(STORES)
        while len(self.corpus.claims) < claims:
            left = claims - len(self.corpus.claims)
            store = STORES[rng.randrange(len(STORES))][0]
            kind = kinds[store]
            scope = rng.choice(SCOPES)
            roll = rng.random()
            self.group += 1
            group = self.group
            if roll < 0.40 and left >= 2:
                length = min(left, rng.randint(2, 5))
                subject = f"cfg.chain{group}"
                previous: str | None = None
                for step in range(length):
                    uid = self.new_uid(store)
                    self.add(ClaimSpec(
                        uid=uid, store=store, kind=kind, ts=self.when(), subject=subject, value=f"v{step}", scope=scope,
                        text=f"set {subject} to v{step} (step {step} of chain {group})",
                        supersedes=(previous,) if previous else (),
                    ))
                    previous = uid
                self.count("chain")
            elif roll < 0.55 and left >= 2:
                subject = f"cfg.rival{group}"
                for side in ("a", "b"):
                    self.add(ClaimSpec(
                        uid=self.new_uid(store), store=store, kind=kind, ts=self.when(), subject=subject,
                        value=f"value-{side}", scope=scope, text=f"{subject} is value-{side}",
                    ))
                self.count("rivals")
            else:
                uid = self.new_uid(store)
                premises: tuple[str, ...] = ()
                if self.history[store] and rng.random() < 0.20:
                    premises = (rng.choice(self.history[store][-500:]),)
                self.add(ClaimSpec(
                    uid=uid, store=store, kind=kind, ts=self.when(), subject=f"fact.{group}", value=str(rng.randrange(1000)),
                    scope=scope, text=f"decision {group}: keep fact.{group} as recorded", depends_on=premises,
                ))
                self.count("single")

    def supersede(self, count: int) -> None:
        """Add `count` claims, each superseding a different head (a claim nothing supersedes yet) drawn from the whole
        corpus, in that head's store, scope and subject: a revision of an old entry, appended."""
        superseded = {target for claim in self.corpus.claims for target in claim.supersedes}
        heads = [claim for claim in self.corpus.claims if claim.uid not in superseded and claim.subject]
        for old in self.rng.sample(heads, min(count, len(heads))):
            self.group += 1
            value = f"r{self.group}"
            self.add(ClaimSpec(
                uid=self.new_uid(old.store), store=old.store, kind=old.kind, ts=self.when(), subject=old.subject,
                value=value, scope=old.scope, text=f"revise {old.subject} to {value} (replaces {old.uid})",
                supersedes=(old.uid,),
            ))
            self.count("revision")


def generate(claims: int, seed: int = 7) -> Corpus:
    """Plan `claims` claims (exactly), deterministic for a given seed."""
    corpus = Corpus(seed=seed)
    _Planner(corpus, random.Random(seed)).plan(claims)
    return corpus


def extend(corpus: Corpus, count: int, *, supersede: bool = False, seed: int | None = None) -> list[ClaimSpec]:
    """Append `count` claims to `corpus` (in place) and return them: new groups as `generate` makes them, or with
    `supersede` each one revising an old head. Written with `write_files`, they are new lines at the end of each
    store's file (a nightly append): every earlier line stays byte for byte."""
    before = len(corpus.claims)
    planner = _Planner(corpus, random.Random(f"{corpus.seed if seed is None else seed}:{before}:{supersede}"))
    if supersede:
        planner.supersede(count)
    else:
        planner.plan(before + count)
    return corpus.claims[before:]


def write_files(corpus: Corpus, folder: Path) -> list[tuple[str, str, Path]]:
    """Write one JSON Lines file per store. Returns (store, ingest kind, path) in ingest order."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    by_store = corpus.by_store()
    for name, kind in STORES:
        path = folder / f"{name}{FILE_SUFFIX}"
        with open(path, "w", encoding="utf-8") as handle:
            for claim in by_store[name]:
                handle.write(json.dumps(claim.record(), separators=(",", ":")) + "\n")
        written.append((name, kind, path))
    return written


def ingest_files(graph: Any, files: list[tuple[str, str, Path]]) -> dict[str, Any]:
    """Ingest `write_files`' files into `graph` (a provgraph Graph) through the real pipeline, in order; raises when
    the corpus did not ingest cleanly (a quarantine or an unresolved reference)."""
    from provgraph.ingest.pipeline import ingest

    start = time.perf_counter()
    written = unchanged = claims = edges = 0
    for store, kind, path in files:
        summary = ingest(graph, kind, path, fmt=FORMATS[kind], store=store)
        written += summary.snapshots_added
        unchanged += summary.snapshots_unchanged
        claims += summary.claims_written
        edges += summary.edges_written
        if summary.quarantined_count or summary.unresolved:
            raise RuntimeError(f"bench corpus did not ingest cleanly: {store}: "
                               f"{summary.quarantined_count} quarantined, {len(summary.unresolved)} unresolved")
    return {"seconds": time.perf_counter() - start, "snapshots_added": written, "snapshots_unchanged": unchanged,
            "claims_written": claims, "edges_written": edges}


def verify_requests(corpus: Corpus, count: int, rng: random.Random, set_size: int = 20) -> list[dict[str, Any]]:
    """Realistic requests: evidence one claim, candidates that claim plus its chain/rivals plus random fillers."""
    by_subject: dict[str, list[str]] = {}
    for claim in corpus.claims:
        if claim.subject:
            by_subject.setdefault(claim.subject, []).append(claim.uid)
    uids = [c.uid for c in corpus.claims]
    requests = []
    for _ in range(count):
        claim = rng.choice(corpus.claims)
        candidates = list(dict.fromkeys(by_subject.get(claim.subject or "", [claim.uid])))
        while len(candidates) < set_size:
            candidates.append(rng.choice(uids))
        candidates = list(dict.fromkeys(candidates))[:set_size]
        requests.append({"scope": claim.scope, "at": None, "subject": claim.subject,
                         "evidence": [claim.uid], "candidates": candidates})
    return requests


def sizes(text: str) -> list[int]:
    """`25k,100k,1m` as claim counts, smallest first (an argparse type)."""
    values = []
    for part in text.split(","):
        part = part.strip().lower().replace("_", "")
        if not part:
            continue
        scale = 1
        if part.endswith("k"):
            part, scale = part[:-1], 1000
        elif part.endswith("m"):
            part, scale = part[:-1], 1_000_000
        values.append(int(float(part) * scale))
    if not values or any(v < 2 for v in values):
        raise argparse.ArgumentTypeError("sizes: a comma-separated list such as 25k,100k (each at least 2)")
    return sorted(values)
