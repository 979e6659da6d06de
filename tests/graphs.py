"""A small builder that writes graphs exactly as docs/schema.md describes, for tests.

    g = GraphBuilder(graph)
    g.claim("a", subject="x", value="1", scope="org/acme", at="2025-01-01")
    g.claim("b", subject="x", value="2", scope="org/acme", at="2025-02-01")
    g.supersedes("b", "a", at="2025-02-01")

`claim` creates the claim's Source, a Snapshot at `at` and the CITED_AT carrying the
claim's attributes as that snapshot states them. Later snapshots of a source (`revise`,
`drop`, `delete`) keep `until` and `PREVIOUS` right, and the Claim node always carries
the values of its latest citing snapshot, as the ingest pipeline does.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import partialmethod
from datetime import datetime
from typing import Any

from provgraph.base.times import parse_time
from provgraph.graph.connection import Graph

ATTRIBUTES = ("text", "subject", "value", "scope", "declared", "valid_from", "valid_until")
_TIMES = ("valid_from", "valid_until")


def when(value: str | datetime | None) -> datetime | None:
    return None if value is None else parse_time(value)


@dataclass
class _Snap:
    uid: str
    sha256: str
    revised_at: datetime
    deleted: bool
    cites: dict[str, dict[str, Any]] = field(default_factory=dict)  # claim uid -> CITED_AT properties


class GraphBuilder:
    def __init__(self, graph: Graph, store: str = "test", kind: str = "files") -> None:
        self.graph = graph
        self.store = store
        self.graph.write("MERGE (s:Store {name: $name}) SET s.kind = $kind", {"name": store, "kind": kind})
        self.snapshots: dict[str, list[_Snap]] = {}  # source uid -> snapshots, oldest first
        self.source_of: dict[str, str] = {}  # claim uid -> source uid
        self.scope_of: dict[str, str] = {}

    # -- claims and snapshots -------------------------------------------------------------
    def claim(
        self,
        uid: str,
        *,
        at: str | datetime = "2025-01-01",
        subject: str | None = None,
        value: str | None = None,
        scope: str = "",
        text: str | None = None,
        declared: str | None = None,
        valid_from: str | datetime | None = None,
        valid_until: str | datetime | None = None,
        asserted_at: str | datetime | None = None,
        source: str | None = None,
        lines: tuple[int, int] = (1, 3),
        rewritten: bool = False,
    ) -> str:
        """A claim cited by a new snapshot of its source at `at` (the source is `<store>:<uid>` by default)."""
        source = source or f"{self.store}:{uid}"
        self.source_of[uid] = source
        self.scope_of[uid] = scope
        attrs = {
            "text": text if text is not None else f"claim {uid}",
            "subject": subject,
            "value": value,
            "scope": scope,
            "declared": declared,
            "valid_from": when(valid_from),
            "valid_until": when(valid_until),
            "line_start": lines[0],
            "line_end": lines[1],
            "quote_sha256": hashlib.sha256(f"{uid}:{value}".encode()).hexdigest(),
            "rewritten": rewritten,
        }
        previous = self._latest_at(source, when(at))
        cites = dict(previous.cites) if previous and not previous.deleted else {}
        cites[uid] = attrs
        self._snapshot(source, when(at), cites, asserted={uid: when(asserted_at or at)})
        return uid

    def revise(self, uid: str, *, at: str | datetime, **changes: Any) -> None:
        """A new snapshot of the claim's source that still cites it, with some attributes changed."""
        source = self.source_of[uid]
        previous = self._latest_at(source, when(at))
        cites = {k: dict(v) for k, v in previous.cites.items()}
        attrs = cites[uid]
        for key, value in changes.items():
            attrs[key] = when(value) if key in _TIMES else value
        attrs["quote_sha256"] = hashlib.sha256(f"{uid}:{attrs.get('value')}:{at}".encode()).hexdigest()
        self._snapshot(source, when(at), cites)

    def drop(self, uid: str, *, at: str | datetime) -> None:
        """A new snapshot of the claim's source that no longer cites it."""
        source = self.source_of[uid]
        previous = self._latest_at(source, when(at))
        cites = {k: v for k, v in previous.cites.items() if k != uid}
        self._snapshot(source, when(at), cites)

    def delete(self, uid_or_source: str, *, at: str | datetime) -> None:
        """A tombstone snapshot: the source was deleted."""
        source = self.source_of.get(uid_or_source, uid_or_source)
        self._snapshot(source, when(at), {}, deleted=True)

    def placeholder(self, uid: str) -> str:
        """A claim that is only referenced, never ingested."""
        self.graph.write("MERGE (c:Claim {uid: $uid}) SET c.placeholder = true, c.scope = coalesce(c.scope, '')", {"uid": uid})
        return uid

    # -- edges ---------------------------------------------------------------------------
    def edge(
        self,
        kind: str,
        frm: str,
        to: str,
        *,
        at: str | datetime | None = None,
        until: str | datetime | None = None,
        scope: str | None = None,
        via: str = "",
        verb: str | None = None,
    ) -> None:
        assert kind in ("CORRECTS", "SUPERSEDES", "INVALIDATES", "AMENDS", "CONFLICTS_WITH", "DEPENDS_ON", "RELATES")
        start = when(at) if at is not None else self._first_time(frm)
        props: dict[str, Any] = {
            "asserted_at": start,
            "valid_from": start,
            "valid_to": when(until),
            "recorded_in": [] if via else [s.uid for s in self.snapshots.get(self.source_of.get(frm, ""), [])[:1]],
            "sources": [] if via else [self.source_of.get(frm, "")],
            "via": via,
        }
        if kind in ("CORRECTS", "SUPERSEDES", "INVALIDATES", "AMENDS"):
            props["scope"] = scope if scope is not None else self.scope_of.get(frm, "")
        elif scope is not None:
            props["scope"] = scope
        if verb is not None:
            props["verb"] = verb
        for uid in (frm, to):
            if uid not in self.source_of:
                self.graph.write("MERGE (c:Claim {uid: $uid}) ON CREATE SET c.placeholder = true, c.scope = ''", {"uid": uid})
        # kind is checked against the allow-list above
        self.graph.write(
            f"MATCH (a:Claim {{uid: $frm}}), (b:Claim {{uid: $to}}) CREATE (a)-[r:{kind}]->(b) SET r = $props",
            {"frm": frm, "to": to, "props": {k: v for k, v in props.items() if v is not None}},
        )

    # each: edge(kind, from, to, **kw) with its kind fixed; from is the successor, amendment, dependent, or the
    # first of two rivals or related claims (RELATES continues unless a verb is given)
    supersedes = partialmethod(edge, "SUPERSEDES")
    corrects = partialmethod(edge, "CORRECTS")
    invalidates = partialmethod(edge, "INVALIDATES")
    amends = partialmethod(edge, "AMENDS")
    conflicts = partialmethod(edge, "CONFLICTS_WITH")
    depends_on = partialmethod(edge, "DEPENDS_ON")
    relates = partialmethod(edge, "RELATES", verb="continues")

    def adjudicate(
        self,
        keep: str,
        retire: str,
        *,
        at: str | datetime,
        revoked_at: str | datetime | None = None,
        scope: str = "",
        uid: str | None = None,
        why: str = "test",
    ) -> str:
        """An Adjudication (KEEPS/RETIRES) and the SUPERSEDES edge it implies, visible decided_at..revoked_at."""
        uid = uid or f"adj:{keep}>{retire}@{when(at).isoformat()}"
        self.graph.write(
            "MERGE (a:Adjudication {uid: $uid}) SET a.decided_at = $at, a.revoked_at = $revoked, a.by = 'tests', "
            "a.why = $why, a.scope = $scope "
            "WITH a MATCH (k:Claim {uid: $keep}), (r:Claim {uid: $retire}) MERGE (a)-[:KEEPS]->(k) MERGE (a)-[:RETIRES]->(r)",
            {"uid": uid, "at": when(at), "revoked": when(revoked_at), "why": why, "scope": scope, "keep": keep, "retire": retire},
        )
        self.edge("SUPERSEDES", keep, retire, at=at, until=revoked_at, scope=scope, via=uid)
        return uid

    # -- a story several tests share -------------------------------------------------------------
    def discount_raised(self) -> None:
        """PRICE-6 (pricing.discount 10%, org/acme, 1 January 2025) superseded by PRICE-7 (15%) on 1 March 2025."""
        self.claim("PRICE-6", subject="pricing.discount", value="10%", scope="org/acme", at="2025-01-01")
        self.claim("PRICE-7", subject="pricing.discount", value="15%", scope="org/acme", at="2025-03-01")
        self.supersedes("PRICE-7", "PRICE-6", at="2025-03-01")

    # -- bulk shapes for the adversarial tests -------------------------------------------------
    def chain(self, prefix: str, length: int, *, at: str = "2025-01-01", kind: str = "SUPERSEDES") -> list[str]:
        """`<prefix>0 <- <prefix>1 <- ... ` : each claim revises the one before, written in one UNWIND query each."""
        uids = [f"{prefix}{i}" for i in range(length)]
        self._bulk_claims(uids, at)
        self._bulk_edges(kind, [(uids[i + 1], uids[i]) for i in range(length - 1)], at)
        return uids

    def diamond_ladder(self, prefix: str, diamonds: int, *, at: str = "2025-01-01", kind: str = "SUPERSEDES") -> list[str]:
        """n0 <- (l0, r0) <- n1 <- (l1, r1) <- n2 ...: 2**diamonds paths from the last node to the first.

        With kind SUPERSEDES each node supersedes the ones below it; with DEPENDS_ON each depends on them.
        """
        nodes = [f"{prefix}n{i}" for i in range(diamonds + 1)]
        sides = [f"{prefix}{side}{i}" for i in range(diamonds) for side in ("l", "r")]
        self._bulk_claims(nodes + sides, at)
        pairs = []
        for i in range(diamonds):
            for side in ("l", "r"):
                pairs.append((f"{prefix}{side}{i}", nodes[i]))
                pairs.append((nodes[i + 1], f"{prefix}{side}{i}"))
        self._bulk_edges(kind, pairs, at)
        return nodes

    def _bulk_claims(self, uids: list[str], at: str) -> None:
        t = when(at)
        rows = [
            {"uid": u, "source": f"{self.store}:{u}", "snap": f"{self.store}:{u}@sha256:{_sha(u)}", "sha": _sha(u)}
            for u in uids
        ]
        self.graph.write(
            "MATCH (st:Store {name: $store}) UNWIND $rows AS row "
            "CREATE (c:Claim {uid: row.uid, scope: '', text: row.uid, asserted_at: $t, placeholder: false}) "
            "CREATE (src:Source {uid: row.source, kind: 'markdown', locator: row.uid})-[:IN]->(st) "
            "CREATE (s:Snapshot {uid: row.snap, sha256: row.sha, revised_at: $t, observed_at: $t, deleted: false})-[:OF]->(src) "
            "CREATE (c)-[:CITED_AT {line_start: 1, line_end: 1, text: row.uid, scope: ''}]->(s)",
            {"store": self.store, "rows": rows, "t": t},
        )
        for u in uids:
            self.source_of[u] = f"{self.store}:{u}"
            self.scope_of[u] = ""

    def _bulk_edges(self, kind: str, pairs: list[tuple[str, str]], at: str) -> None:
        assert kind in ("CORRECTS", "SUPERSEDES", "INVALIDATES", "DEPENDS_ON")
        self.graph.write(
            "UNWIND $pairs AS pair MATCH (a:Claim {uid: pair[0]}), (b:Claim {uid: pair[1]}) "
            f"CREATE (a)-[:{kind} {{asserted_at: $t, valid_from: $t, scope: '', via: ''}}]->(b)",
            {"pairs": [list(p) for p in pairs], "t": when(at)},
        )

    # -- internals ----------------------------------------------------------------------------
    def _first_time(self, uid: str) -> datetime:
        snaps = self.snapshots.get(self.source_of.get(uid, ""), [])
        for snap in snaps:
            if uid in snap.cites:
                return snap.revised_at
        return when("2025-01-01")  # type: ignore[return-value]

    def _latest_at(self, source: str, moment: datetime | None) -> _Snap | None:
        found = None
        for snap in self.snapshots.get(source, []):
            if moment is None or snap.revised_at <= moment:
                found = snap
        return found

    def _snapshot(
        self,
        source: str,
        moment: datetime | None,
        cites: dict[str, dict[str, Any]],
        *,
        deleted: bool = False,
        asserted: dict[str, datetime | None] | None = None,
    ) -> None:
        assert moment is not None
        digest = _sha(f"{source}|{moment.isoformat()}|{deleted}|{sorted(cites)}|{[sorted(map(str, v.items())) for v in cites.values()]}")
        snaps = [s for s in self.snapshots.get(source, []) if s.revised_at != moment]
        snaps.append(_Snap(f"{source}@sha256:{digest}", digest, moment, deleted, cites))
        snaps.sort(key=lambda s: s.revised_at)
        self.snapshots[source] = snaps
        rows = []
        for i, snap in enumerate(snaps):
            rows.append(
                {
                    "uid": snap.uid,
                    "sha": snap.sha256,
                    "revised_at": snap.revised_at,
                    "until": snaps[i + 1].revised_at if i + 1 < len(snaps) else None,
                    "deleted": snap.deleted,
                    "previous": snaps[i - 1].uid if i > 0 else None,
                    "cites": [{"claim": c, "props": {k: v for k, v in p.items() if v is not None}} for c, p in snap.cites.items()],
                }
            )
        self.graph.write(
            "MERGE (st:Store {name: $store}) "
            "MERGE (src:Source {uid: $source}) SET src.kind = 'markdown', src.locator = $source, src.title = $source "
            "MERGE (src)-[:IN]->(st) "
            "WITH src OPTIONAL MATCH (old:Snapshot)-[:OF]->(src) DETACH DELETE old "
            "WITH DISTINCT src UNWIND $rows AS row "
            "CREATE (s:Snapshot {uid: row.uid, sha256: row.sha, revised_at: row.revised_at, observed_at: row.revised_at, "
            "  deleted: row.deleted, version: row.sha})-[:OF]->(src) "
            "SET s.until = row.until",
            {"store": self.store, "source": source, "rows": rows},
        )
        self.graph.write(
            "UNWIND $rows AS row MATCH (s:Snapshot {uid: row.uid}) "
            "OPTIONAL MATCH (p:Snapshot {uid: row.previous}) FOREACH (_ IN CASE WHEN p IS NULL THEN [] ELSE [1] END | MERGE (s)-[:PREVIOUS]->(p)) "
            "WITH s, row UNWIND row.cites AS cite "
            "MERGE (c:Claim {uid: cite.claim}) "
            "CREATE (c)-[r:CITED_AT]->(s) SET r = cite.props",
            {"rows": rows},
        )
        # the Claim node carries the values of its latest citing snapshot
        claims = {c for snap in snaps for c in snap.cites}
        for claim in claims:
            latest = [s for s in snaps if claim in s.cites][-1]
            first = [s for s in snaps if claim in s.cites][0]
            props = {k: v for k, v in latest.cites[claim].items() if k in ATTRIBUTES}
            props["placeholder"] = False
            params = {"uid": claim, "props": props, "asserted": (asserted or {}).get(claim), "first": first.revised_at}
            self.graph.write(
                "MATCH (c:Claim {uid: $uid}) SET c += $props, c.aliases = coalesce(c.aliases, []) "
                "SET c.asserted_at = coalesce($asserted, c.asserted_at, $first)",
                params,
            )


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
