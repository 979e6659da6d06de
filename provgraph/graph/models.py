"""The schema: neomodel models for every node and relationship provgraph stores.

These classes are the schema's single statement of truth: every label, relationship
type and property the graph holds is declared here, and `provgraph init`
(`provgraph/graph/schema.py`) installs exactly the uniqueness constraints and indexes
they declare. Nothing writes through them: every write is a Cypher statement in
`provgraph/cypher/` (the pipeline's `ingest_*.cypher`, `adjudicate.cypher`, ...), and
`tests/test_schema_models.py` fails when those statements store a label, type or
property not declared here. `docs/schema.md` describes the same schema for readers.
Times are Neo4j DateTime values in UTC.
"""
from __future__ import annotations

from neomodel import (
    ArrayProperty,
    BooleanProperty,
    DateTimeProperty,
    FloatProperty,
    IntegerProperty,
    RelationshipFrom,
    RelationshipTo,
    StringProperty,
    StructuredNode,
    StructuredRel,
)


class RevisionRel(StructuredRel):
    """CORRECTS / SUPERSEDES / INVALIDATES / AMENDS, successor (or amendment) -> predecessor.

    Visible at t when valid_from <= t < valid_to (valid_to null = still recorded).
    """

    asserted_at = DateTimeProperty()
    valid_from = DateTimeProperty(index=True)
    valid_to = DateTimeProperty()
    scope = StringProperty(default="")
    recorded_in = ArrayProperty(StringProperty(), default=list)  # uids of snapshots that record it
    sources = ArrayProperty(StringProperty(), default=list)  # uids of sources whose snapshots record it
    via = StringProperty(default="")  # uid of the adjudication that implies it ('' for recorded edges)


class LinkRel(StructuredRel):
    """CONFLICTS_WITH / DEPENDS_ON / RELATES, with the same visibility window."""

    asserted_at = DateTimeProperty()
    valid_from = DateTimeProperty()
    valid_to = DateTimeProperty()
    scope = StringProperty(default="")
    recorded_in = ArrayProperty(StringProperty(), default=list)
    sources = ArrayProperty(StringProperty(), default=list)
    via = StringProperty(default="")
    verb = StringProperty()  # RELATES only: continues, answer, source, uses, cites, ...


class ReferenceRel(LinkRel):
    """REFERENCES, Claim -> ExternalRef: a lineage-only link to something never ingested (same window as RELATES)."""

    inbound = BooleanProperty(default=False)  # the record said target -> claim (a Jira inward link)


class SuspectedRel(StructuredRel):
    """SUSPECTED, earlier -> later: a possible unlinked revision found at write time (provgraph/engine/kept_suspects.py),
    kept until a write touching either claim finds the pairs again (or a link, adjudication or dismissal settles it)."""

    score = FloatProperty()  # 0..1: the mean of the ratio each side's kept lookup gives the other
    terms = ArrayProperty(StringProperty(), default=list)  # the normalised words both say
    found_at = DateTimeProperty()  # when the pair was found (its scores are Lucene's as of the lookups then)


class CitedAtRel(StructuredRel):
    """Claim -> Snapshot that cites it, with the claim as that snapshot says it."""

    line_start = IntegerProperty()
    line_end = IntegerProperty()
    quote_sha256 = StringProperty()
    text = StringProperty()
    subject = StringProperty()
    value = StringProperty()
    scope = StringProperty()
    declared = StringProperty()
    valid_from = DateTimeProperty()
    valid_until = DateTimeProperty()
    rewritten = BooleanProperty(default=False)  # log entry whose bytes changed after ingest


class Store(StructuredNode):
    name = StringProperty(unique_index=True, required=True)
    kind = StringProperty(required=True)  # files, git, tickets, logs, cards

    sources = RelationshipFrom("Source", "IN")


class Source(StructuredNode):
    uid = StringProperty(unique_index=True, required=True)  # <store>:<locator>
    kind = StringProperty()
    url = StringProperty(index=True)
    title = StringProperty()
    locator = StringProperty()
    container = StringProperty(index=True)  # the export file a record came from (log file, ...)

    store = RelationshipTo(Store, "IN")
    snapshots = RelationshipFrom("Snapshot", "OF")


class Snapshot(StructuredNode):
    uid = StringProperty(unique_index=True, required=True)  # <source uid>@<version or sha256:hex>
    sha256 = StringProperty(index=True, required=True)
    revised_at = DateTimeProperty(index=True)
    until = DateTimeProperty()  # revised_at of the source's next snapshot; null for the latest
    observed_at = DateTimeProperty()
    version = StringProperty()
    tombstone = BooleanProperty(default=False, db_property="deleted")  # neomodel reserves the name `deleted`

    source = RelationshipTo(Source, "OF")
    previous = RelationshipTo("Snapshot", "PREVIOUS")


class Claim(StructuredNode):
    uid = StringProperty(unique_index=True, required=True)
    aliases = ArrayProperty(StringProperty(), default=list)
    text = StringProperty()
    subject = StringProperty(index=True)
    value = StringProperty()
    scope = StringProperty(index=True, default="")
    asserted_at = DateTimeProperty()
    valid_from = DateTimeProperty()
    valid_until = DateTimeProperty()
    declared = StringProperty()
    placeholder = BooleanProperty(default=False, index=True)
    last_cited_at = DateTimeProperty()  # revised_at of the snapshot whose values the node carries
    # The full-text fields `provgraph suspects` looks up (provgraph/graph/fulltext.py), indexed by the full-text
    # index `claim_search` (cypher/fulltext_index.cypher; neomodel declares no multi-property full-text index).
    search_version = IntegerProperty()
    search_title = StringProperty()
    search_subject = StringProperty()
    search_value = StringProperty()
    search_text = StringProperty()
    search_scope = StringProperty()
    search_scope_under = StringProperty()
    search_terms = ArrayProperty(StringProperty())
    search_query = StringProperty()  # the Lucene query of one lookup
    # What that lookup found when it last ran (write time, provgraph/engine/kept_suspects.py): the other claims hit,
    # best first (ties by uid), each hit's score / the lookup's best, and when it ran.
    search_hits = ArrayProperty(StringProperty())
    search_ratios = ArrayProperty(FloatProperty())
    search_looked_up_at = DateTimeProperty()
    # The status of the default question (own scope, now) stored at write time (provgraph/engine/stored_status.py): the
    # status query's columns, when they were computed and the earliest instant they may change without a write.
    status = StringProperty()
    status_reason = StringProperty()
    status_question_scope = StringProperty()
    status_scope = StringProperty()
    status_subject = StringProperty()
    status_value = StringProperty()
    status_declared = StringProperty()
    status_text = StringProperty()
    status_source = StringProperty()
    status_snapshot = StringProperty()
    status_snapshot_uid = StringProperty()
    status_line_start = IntegerProperty()
    status_line_end = IntegerProperty()
    status_valid_from = DateTimeProperty()
    status_valid_until = DateTimeProperty()
    status_successors = ArrayProperty(StringProperty())
    status_conflicts_with = ArrayProperty(StringProperty())
    status_premises = ArrayProperty(StringProperty())
    status_premises_not_current = ArrayProperty(StringProperty())
    status_pending = ArrayProperty(StringProperty())
    status_amendments = ArrayProperty(StringProperty())
    status_edge_scopes = ArrayProperty(StringProperty())  # revision-edge scopes rules 5-6 read (verify_requests)
    # The successor closure verify reads for the default question, kept with the status (cypher/status_closure.cypher):
    # the question scope it was computed for, then one entry per successor in uid order, in parallel lists.
    status_closure_q = StringProperty()
    status_closure_successors = ArrayProperty(StringProperty())
    status_closure_directs = ArrayProperty(BooleanProperty())
    status_closure_kinds = ArrayProperty(StringProperty())
    status_closure_nexts = ArrayProperty(StringProperty())
    status_closure_edge_scopes = ArrayProperty(StringProperty())
    status_closure_vias = ArrayProperty(StringProperty())
    status_closure_heads = ArrayProperty(BooleanProperty())
    status_closure_forces = ArrayProperty(StringProperty())
    status_computed_at = DateTimeProperty()
    status_expires = DateTimeProperty()  # null: nothing pending

    cited_at = RelationshipTo(Snapshot, "CITED_AT", model=CitedAtRel)
    corrects = RelationshipTo("Claim", "CORRECTS", model=RevisionRel)
    supersedes = RelationshipTo("Claim", "SUPERSEDES", model=RevisionRel)
    invalidates = RelationshipTo("Claim", "INVALIDATES", model=RevisionRel)
    amends = RelationshipTo("Claim", "AMENDS", model=RevisionRel)  # adds to the target, retires nothing
    conflicts_with = RelationshipTo("Claim", "CONFLICTS_WITH", model=LinkRel)
    depends_on = RelationshipTo("Claim", "DEPENDS_ON", model=LinkRel)
    relates = RelationshipTo("Claim", "RELATES", model=LinkRel)
    references = RelationshipTo("ExternalRef", "REFERENCES", model=ReferenceRel)
    suspected = RelationshipTo("Claim", "SUSPECTED", model=SuspectedRel)  # a possible unlinked revision (kept)


class Adjudication(StructuredNode):
    uid = StringProperty(unique_index=True, required=True)
    decided_at = DateTimeProperty(required=True)
    by = StringProperty()
    why = StringProperty()
    policy = StringProperty()  # set for automatic adjudications (e.g. latest-wins)
    kind = StringProperty()  # 'distinct': two suspects are not the same matter (null: keep/retire)
    scope = StringProperty(default="")
    revoked_at = DateTimeProperty()

    keeps = RelationshipTo(Claim, "KEEPS")
    retires = RelationshipTo(Claim, "RETIRES")
    distinguishes = RelationshipTo(Claim, "DISTINGUISHES")


class Quarantine(StructuredNode):
    """An input record that could not be parsed: kept so reports can list it."""

    uid = StringProperty(unique_index=True, required=True)
    store = StringProperty(index=True)
    file = StringProperty()
    line = IntegerProperty()
    reason = StringProperty()
    observed_at = DateTimeProperty()


class Finding(StructuredNode):
    """Something an ingest noticed that is not an error: a log rewrite, a one-sided link."""

    uid = StringProperty(unique_index=True, required=True)
    kind = StringProperty(index=True)  # log_rewrite, one_sided_link
    store = StringProperty()
    subject = StringProperty()  # the uid it is about
    detail = StringProperty()
    observed_at = DateTimeProperty()


class ExternalRef(StructuredNode):
    """Something a lineage-only link (source, cites, uses, ...) points at that was never ingested: a URL, an
    unknown id. Reached by `(Claim)-[:REFERENCES {verb, inbound, ...window}]->(ExternalRef)`; never a claim,
    so it has no status. A claim ingested later under that uid or alias takes its references over."""

    uid = StringProperty(unique_index=True, required=True)


class ReportRun(StructuredNode):
    """One run of `provgraph report`, kept so the next run can diff against it."""

    uid = StringProperty(unique_index=True, required=True)
    ran_at = DateTimeProperty(index=True)
    scope = StringProperty(default="")
    summary = StringProperty()  # JSON: claim uid -> [status, reason]
    baseline = StringProperty(index=True)  # runs diff against the previous run of the same baseline
    suspects = StringProperty()  # JSON: the `earlier -> later` suspect pairs the run listed
    counts = StringProperty()  # JSON: status -> claims (the trend chart); absent on runs recorded before it was kept


# Full-text indexes neomodel cannot declare (one index over several properties): name -> (label, properties).
# init installs them from cypher/fulltext_index.cypher; provgraph/graph/fulltext.py writes and queries the fields.
FULLTEXT_INDEXES = {
    "claim_search": ("Claim", ("search_title", "search_subject", "search_value", "search_text", "search_scope",
                               "search_scope_under")),
}

class ProvgraphLock(StructuredNode):
    """The write lock (provgraph/engine/stored_status.py): every transaction that can change a stored status sets this one
    node first, so they run one at a time. Not counted as provgraph data; `reset` deletes it too."""

    name = StringProperty(unique_index=True, required=True)  # 'writes'
    taken_at = DateTimeProperty()
    generation = IntegerProperty()  # graph-changing transactions so far (cypher/write_lock.cypher)


MODELS = (Store, Source, Snapshot, Claim, Adjudication, Quarantine, Finding, ReportRun, ExternalRef, ProvgraphLock)
LABELS = tuple(model.__name__ for model in MODELS if model is not ProvgraphLock)  # the data labels
