"""The stored graph as a W3C PROV document (PROV-JSON, PROV-N, PROV-O/Turtle) via the `prov` package.

Mapping (docs/exploring.md "Exploring the graph" has the user-facing list):

- `Store`  -> entity of type `prov:Collection` (and `provgraph:Store`); `hadMember(store, source)`.
- `Source` -> entity (`provgraph:Source`).
- `Snapshot` -> entity (`provgraph:Snapshot`) with sha256, revised_at, until, observed_at, version,
  deleted, path (the file's path in that version), declared (the lifecycle word each claim it cites has
  there); `specializationOf(snapshot, source)`; `wasGeneratedBy(snapshot, -, revised_at)` (its
  generation time), or, for a git commit, by the activity `commit/<id>` that `wasAssociatedWith` its
  committer; `wasAttributedTo(snapshot, author)` with `prov:role` author. Git authors and committers
  are `prov:Person` agents (`agent/<Name <email>>`); `PREVIOUS` -> `wasRevisionOf(newer, older)`.
- `Claim` -> entity (`provgraph:Claim`) with its properties and its status at the export's instant
  (`provgraph:status`, `reason`, `since`, `because`, `status_at`: the account, provgraph/engine/account.py);
  each `CITED_AT` -> `wasQuotedFrom(claim, snapshot)` carrying the cited lines and what the claim said there.
- `CORRECTS` / `SUPERSEDES` -> `wasRevisionOf(successor, predecessor)` with `provgraph:kind` and
  the edge's scope, window and `via`.
- `INVALIDATES` -> `wasInvalidatedBy(predecessor, activity, valid_from)`; the activity is the
  adjudication named in `via`, else an `invalidation/<successor>/<predecessor>` activity that
  `used` the successor.
- `Adjudication` -> activity at `decided_at`, `wasAssociatedWith` the agent `by`, `used` the kept
  and retired claims (`prov:role` keeps / retires); while not revoked, each retired claim
  `wasInvalidatedBy` it at `decided_at`. A `--distinct` one (`provgraph:kind` distinct) `used` both
  claims with `prov:role` distinct and invalidates nothing. A `--relates` / `--depends-on` one (`provgraph:kind`
  relates / depends_on) `used` both claims, `prov:role` source and target of the edge it implies (with
  `provgraph:kind` on each), and invalidates nothing; the edge itself is exported as below, `via` the adjudication.
- `AMENDS` -> `wasDerivedFrom(amendment, amended)` with `provgraph:kind` AMENDS: derived from it,
  not a revision of it (the amended claim stays in force).
- `DEPENDS_ON`, `CONFLICTS_WITH`, `RELATES` -> `wasInfluencedBy(a, b)` with `provgraph:kind`
  (and `provgraph:verb`): PROV has no closer term.
- `ExternalRef` (a lineage link's target that was never ingested, such as a URL) -> entity
  (`provgraph:ExternalRef`); each `REFERENCES` -> `wasInfluencedBy(claim, external)` (reversed when
  `inbound`) with `provgraph:kind` REFERENCES and `provgraph:verb`.
- `Quarantine`, `Finding`, `ReportRun` are not provenance and are not exported.

Identifiers live in one namespace (prefix `provgraph`, default `urn:provgraph:`): `<kind>/<id>`
with the id percent-encoded (`urllib.parse.quote(id, safe="")`), so every id is a valid
PROV-N / Turtle local name whatever characters the source used.
The graph is read in keyset-paged queries (`export_*.cypher`); the document itself is built in
memory, as the `prov` package requires. `store` / `scope` export a part: the claims of that store (or inside or
covering that scope), the sources, snapshots and stores that cite them, and the adjudications that name them.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any, Iterable
from urllib.parse import quote

from prov.identifier import Namespace, QualifiedName
from prov.model import PROV, ProvDocument

from provgraph.base.errors import UsageError, output_error
from provgraph.base.times import native_or_text, parse_moment, to_iso
from provgraph.engine.claim_status import ClaimStatus
from provgraph.engine.status import iter_status
from provgraph.graph.connection import Graph

DEFAULT_NAMESPACE = "urn:provgraph:"
PREFIX = "provgraph"
FORMATS = ("prov-json", "prov-n", "prov-o")
PAGE_SIZE = 1000
WAS_REVISION_OF_KINDS = ("CORRECTS", "SUPERSEDES")  # the revision kinds PROV writes as wasRevisionOf
INFLUENCE_KINDS = ("DEPENDS_ON", "CONFLICTS_WITH", "RELATES")
_CLAIM_PROPERTIES = ("text", "subject", "value", "scope", "declared", "placeholder", "asserted_at", "valid_from",
                     "valid_until", "last_cited_at")
_CITATION_PROPERTIES = ("line_start", "line_end", "quote_sha256", "text", "subject", "value", "scope", "declared",
                        "valid_from", "valid_until", "rewritten")
_EDGE_PROPERTIES = ("scope", "asserted_at", "valid_from", "valid_to", "verb")


def pages(graph: Graph, name: str, key: str = "uid", page_size: int = PAGE_SIZE) -> Iterator[dict[str, Any]]:
    """Rows of the named keyset-paged query, one page per round trip."""
    after: str | None = None
    while True:
        rows = graph.read(name, {"after": after, "page": page_size})
        yield from rows
        if len(rows) < page_size:
            return
        after = rows[-1][key]


class _Builder:
    """Turns the paged rows into records of one ProvDocument."""

    def __init__(self, namespace_uri: str) -> None:
        self.document = ProvDocument()
        self.ns: Namespace = self.document.add_namespace(PREFIX, namespace_uri)
        self.agents: set[str] = set()
        self.externals: set[str] = set()
        self.commits: set[str] = set()
        self.statuses: dict[str, ClaimStatus] = {}
        self.at: datetime | None = None

    def id(self, kind: str, key: str) -> QualifiedName:
        return self.ns[f"{kind}/{quote(str(key), safe='')}"]

    def attributes(self, values: dict[str, Any], names: Iterable[str]) -> list[tuple[QualifiedName, Any]]:
        """`provgraph:<name>` attributes for the non-null values; a list gives one attribute per item."""
        pairs: list[tuple[QualifiedName, Any]] = []
        for name in names:
            value = values.get(name)
            items = value if isinstance(value, (list, tuple)) else [value]
            for item in items:
                item = native_or_text(item)
                if item is None or item == "" and name not in ("scope", "value", "text"):
                    continue
                if isinstance(item, dict):
                    item = json.dumps(item, sort_keys=True, default=str)
                pairs.append((self.ns[name], item))
        return pairs

    def store(self, row: dict[str, Any]) -> None:
        self.document.entity(self.id("store", row["name"]), [
            (PROV["type"], PROV["Collection"]), (PROV["type"], self.ns["Store"]),
            (PROV["label"], row["name"]), *self.attributes(row, ["kind"])])

    def source(self, row: dict[str, Any]) -> None:
        identifier = self.id("source", row["uid"])
        self.document.entity(identifier, [(PROV["type"], self.ns["Source"]), (self.ns["uid"], row["uid"]),
                                          *self.attributes(row, ["kind", "locator", "title", "url", "container"])])
        for store in row["stores"]:
            self.document.hadMember(self.id("store", store), identifier)

    def snapshot(self, row: dict[str, Any]) -> None:
        identifier = self.id("snapshot", row["uid"])
        self.document.entity(identifier, [
            (PROV["type"], self.ns["Snapshot"]), (self.ns["uid"], row["uid"]),
            *self.attributes(row, ["sha256", "revised_at", "until", "observed_at", "version", "deleted", "path",
                                   "declared"])])
        for source in row["sources"]:
            self.document.specializationOf(identifier, self.id("source", source))
        when = native_or_text(row.get("revised_at"))
        commit = None
        if row.get("committer") and row.get("version"):
            commit = self.id("commit", row["version"])
            if row["version"] not in self.commits:
                self.commits.add(row["version"])
                self.document.activity(commit, when, when, [(PROV["type"], self.ns["Commit"]),
                                                            (self.ns["version"], row["version"])])
                self.document.wasAssociatedWith(commit, self.agent(row["committer"], software=False),
                                                other_attributes={PROV["role"]: self.ns["committer"]})
        if when is not None or commit is not None:
            self.document.wasGeneratedBy(identifier, commit, when)
        if row.get("author"):
            self.document.wasAttributedTo(identifier, self.agent(row["author"], software=False),
                                          other_attributes={PROV["role"]: self.ns["author"]})
        for previous in row["previous"]:
            self.document.wasRevisionOf(identifier, self.id("snapshot", previous),
                                        other_attributes=[(self.ns["kind"], "PREVIOUS")])

    def claim(self, row: dict[str, Any]) -> None:
        identifier = self.id("claim", row["uid"])
        properties = row["properties"]
        self.document.entity(identifier, [
            (PROV["type"], self.ns["Claim"]), (self.ns["uid"], row["uid"]),
            *self.attributes(properties, _CLAIM_PROPERTIES),
            *[(self.ns["alias"], alias) for alias in properties.get("aliases") or []],
            *self.status_attributes(row["uid"])])
        for citation in row["citations"]:
            self.document.wasQuotedFrom(identifier, self.id("snapshot", citation["snapshot"]),
                                        other_attributes=self.attributes(citation, _CITATION_PROPERTIES))
        for edge in row["edges"]:
            self.edge(identifier, edge)
        for reference in row.get("external") or []:
            target = self.id("external", reference["to"])
            if reference["to"] not in self.externals:
                self.externals.add(reference["to"])
                self.document.entity(target, [(PROV["type"], self.ns["ExternalRef"]), (self.ns["uid"], reference["to"])])
            ends = (target, identifier) if reference.get("inbound") else (identifier, target)
            self.document.wasInfluencedBy(*ends, other_attributes=self._edge_attributes(reference))

    def status_attributes(self, uid: str) -> list[tuple[QualifiedName, Any]]:
        """The claim's status at the export's instant, with its account."""
        row = self.statuses.get(uid)
        if row is None:
            return []
        # status_at only for an export --at: two exports of an unchanged graph print the same bytes
        values = {"status": row.status, "reason": row.reason, "status_at": to_iso(self.at), "since": to_iso(row.since),
                  "because": row.because, "because_kind": row.because_kind, "because_commit": row.because_commit,
                  "because_author": row.because_author, "because_file": row.because_file,
                  "because_line": row.because_line}
        return self.attributes(values, values)

    def _edge_attributes(self, edge: dict[str, Any]) -> list[tuple[QualifiedName, Any]]:
        pairs = [(self.ns["kind"], edge["kind"]), *self.attributes(edge, _EDGE_PROPERTIES)]
        pairs += [(self.ns["recorded_in"], self.id("snapshot", uid)) for uid in edge.get("recorded_in") or []]
        if edge.get("via"):
            pairs.append((self.ns["via"], self.id("adjudication", edge["via"])))
        return pairs

    def edge(self, successor: QualifiedName, edge: dict[str, Any]) -> None:
        target = self.id("claim", edge["to"])
        kind = edge["kind"]
        if kind in WAS_REVISION_OF_KINDS:
            self.document.wasRevisionOf(successor, target, other_attributes=self._edge_attributes(edge))
        elif kind == "INVALIDATES":
            when = native_or_text(edge.get("valid_from") or edge.get("asserted_at"))
            if edge.get("via"):
                activity = self.id("adjudication", edge["via"])
            else:
                activity = self.ns[f"invalidation/{successor.localpart.split('/', 1)[1]}/{target.localpart.split('/', 1)[1]}"]
                self.document.activity(activity, when, when, [(PROV["type"], self.ns["Invalidation"]),
                                                              *self._edge_attributes(edge)])
                self.document.used(activity, successor, when)
            self.document.wasInvalidatedBy(target, activity, when)
        elif kind == "AMENDS":
            # an amendment is derived from the decision it amends without replacing it: not a revision
            self.document.wasDerivedFrom(successor, target, other_attributes=self._edge_attributes(edge))
        elif kind in INFLUENCE_KINDS:
            self.document.wasInfluencedBy(successor, target, other_attributes=self._edge_attributes(edge))

    def agent(self, name: str, software: bool) -> QualifiedName:
        identifier = self.id("agent", name)
        if name not in self.agents:
            self.agents.add(name)
            kind = PROV["SoftwareAgent"] if software else PROV["Person"]
            self.document.agent(identifier, [(PROV["type"], kind), (PROV["label"], name)])
        return identifier

    def adjudication(self, row: dict[str, Any]) -> None:
        identifier = self.id("adjudication", row["uid"])
        decided_at = native_or_text(row.get("decided_at"))
        self.document.activity(identifier, decided_at, decided_at, [
            (PROV["type"], self.ns["Adjudication"]), (self.ns["uid"], row["uid"]),
            *self.attributes(row, ["by", "why", "policy", "kind", "scope", "revoked_at"])])
        if row.get("by"):
            self.document.wasAssociatedWith(identifier, self.agent(row["by"], software=bool(row.get("policy"))))
        for kept in row["keeps"]:
            self.document.used(identifier, self.id("claim", kept), None, other_attributes={PROV["role"]: self.ns["keeps"]})
        for retired in row["retires"]:
            claim = self.id("claim", retired)
            self.document.used(identifier, claim, None, other_attributes={PROV["role"]: self.ns["retires"]})
            if row.get("revoked_at") is None:
                self.document.wasInvalidatedBy(claim, identifier, decided_at)
        for distinct in row.get("distinct") or []:
            self.document.used(identifier, self.id("claim", distinct), None, other_attributes={PROV["role"]: self.ns["distinct"]})
        for source, target in row.get("links") or []:
            for claim, role in ((source, "source"), (target, "target")):
                self.document.used(identifier, self.id("claim", claim), None,
                                   other_attributes={PROV["role"]: self.ns[role], self.ns["kind"]: row["kind"]})


def _applies(claim_scope: str, scope: str) -> bool:
    """A claim belongs to a scoped export when it lies inside the scope or covers it (global claims do)."""
    return (not scope or claim_scope in ("", scope) or claim_scope.startswith(scope + "/")
            or scope.startswith(claim_scope + "/"))


class _Selection:
    """What a part (`--store`, `--scope`) keeps: its claims, and the sources and stores that cite them."""

    def __init__(self, graph: Graph, store: str | None, scope: str | None) -> None:
        scope = (scope or "").strip().strip("/")
        self.claims: set[str] = set()
        self.sources: set[str] = set()
        self.stores: set[str] = set()
        known_stores: set[str] = set()
        for row in graph.read("export_selection"):
            known_stores.update(row["stores"])
            if (store is None or store in row["stores"]) and _applies(row["scope"], scope):
                self.claims.add(row["claim"])
                self.sources.update(row["sources"])
                self.stores.update(row["stores"] if store is None else [store])
        if store is not None and store not in known_stores:
            raise UsageError(f"--store: no store named {store!r} holds claims")


def build_document(graph: Graph, namespace: str = DEFAULT_NAMESPACE, page_size: int = PAGE_SIZE, *,
                   at: datetime | str | None = None, store: str | None = None,
                   scope: str | None = None) -> ProvDocument:
    """The provgraph graph (or the part `store` / `scope` selects) as one ProvDocument, each claim with its status
    at `at` (default now); see the module docstring for the mapping."""
    if ":" not in namespace or namespace[-1] not in "/#:" or any(ch.isspace() or ch in '<>"' for ch in namespace):
        raise UsageError(f"--namespace must be an absolute URI ending in '/', '#' or ':', got {namespace!r}")
    builder = _Builder(namespace)
    part = _Selection(graph, store, scope) if store is not None or scope else None
    builder.statuses = {row.claim: row for row in iter_status(graph, at=parse_moment(at, missing="now"))
                        if part is None or row.claim in part.claims}
    builder.at = parse_moment(at, missing="now") if at is not None else None
    for row in pages(graph, "export_stores", key="name", page_size=page_size):
        if part is None or row["name"] in part.stores:
            builder.store(row)
    for row in pages(graph, "export_sources", page_size=page_size):
        if part is None or row["uid"] in part.sources:
            builder.source(row)
    for row in pages(graph, "export_snapshots", page_size=page_size):
        if part is None or part.sources.intersection(row["sources"]):
            builder.snapshot(row)
    for row in pages(graph, "export_claims", page_size=page_size):
        if part is None or row["uid"] in part.claims:
            builder.claim(row)
    for row in pages(graph, "export_adjudications", page_size=page_size):
        linked = [claim for link in row.get("links") or [] for claim in link]
        if part is None or part.claims.intersection([*row["keeps"], *row["retires"], *(row.get("distinct") or []), *linked]):
            builder.adjudication(row)
    return builder.document


def serialize(document: ProvDocument, fmt: str) -> str:
    """PROV-JSON, PROV-N or PROV-O (Turtle) text of `document`."""
    if fmt == "prov-json":
        return str(document.serialize(format="json", indent=2))
    if fmt == "prov-n":
        return str(document.get_provn())
    if fmt == "prov-o":
        return str(document.serialize(format="rdf", rdf_format="turtle"))
    raise UsageError(f"unknown export format {fmt!r} (choose from {', '.join(FORMATS)})")


def export(graph: Graph, fmt: str, out: Path | None = None, namespace: str = DEFAULT_NAMESPACE, *,
           at: datetime | str | None = None, store: str | None = None, scope: str | None = None) -> str:
    """Serialise the graph (or the part `store` / `scope` selects, statuses at `at`); write it to `out` when given.
    Returns the text."""
    if fmt not in FORMATS:
        raise UsageError(f"unknown export format {fmt!r} (choose from {', '.join(FORMATS)})")
    text = serialize(build_document(graph, namespace, at=at, store=store, scope=scope), fmt)
    if not text.endswith("\n"):
        text += "\n"
    if out is not None:
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as error:
            raise output_error(error) or UsageError(f"cannot write {out}: {error.strerror or error}") from None
    return text


__all__ = ["FORMATS", "DEFAULT_NAMESPACE", "build_document", "serialize", "export", "pages"]
