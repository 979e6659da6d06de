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
    recorded_lines = ArrayProperty(IntegerProperty(), default=list)  # per recorded_in: the line that states it (0: unknown)
    sources = ArrayProperty(StringProperty(), default=list)  # uids of sources whose snapshots record it
    via = StringProperty(default="")  # uid of the adjudication that implies it ('' for recorded edges)


class LinkRel(StructuredRel):
    """CONFLICTS_WITH / DEPENDS_ON / RELATES, with the same visibility window."""

    asserted_at = DateTimeProperty()
    valid_from = DateTimeProperty()
    valid_to = DateTimeProperty()
    scope = StringProperty(default="")
    recorded_in = ArrayProperty(StringProperty(), default=list)
    recorded_lines = ArrayProperty(IntegerProperty(), default=list)
    sources = ArrayProperty(StringProperty(), default=list)
    via = StringProperty(default="")
    verb = StringProperty()  # RELATES only: continues, answer, source, uses, cites, ...


class ReferenceRel(LinkRel):
    """REFERENCES, Claim -> ExternalRef: a lineage-only link to something never ingested (same window as RELATES)."""

    inbound = BooleanProperty(default=False)  # the record said target -> claim (a Jira inward link)


class SuspectRel(StructuredRel):
    """MAY_REVISE, later -> earlier: a suspect pair the write-time pass kept (provgraph/engine/suspects.py), as found
    when it ran: never an edge of any rule, only what `suspects` and verify's advisory field read."""

    similarity = FloatProperty()
    shared = ArrayProperty(StringProperty())  # every search term both say, common ones too
    found_at = DateTimeProperty()


class CitedAtRel(StructuredRel):
    """Claim -> Snapshot that cites it, with the claim as that snapshot says it."""

    line_start = IntegerProperty()
    line_end = IntegerProperty()
    quote_sha256 = StringProperty()
    status_line = IntegerProperty()  # the line that states the declared word (the Status line)
    text = StringProperty()
    subject = StringProperty()
    value = StringProperty()
    scope = StringProperty()
    declared = StringProperty()
    valid_from = DateTimeProperty()
    valid_until = DateTimeProperty()
    rewritten = BooleanProperty(default=False)  # log entry whose bytes changed after ingest


class CitesRel(StructuredRel):
    """CITES, Snapshot of a scanned file -> Claim: a citation `provgraph scan` found (provgraph/engine/cites.py)."""

    file = StringProperty()  # the scanned file's locator (relative to the scan store's root)
    line = IntegerProperty()
    column = IntegerProperty()
    text = StringProperty()  # the text matched, as written
    cited_id = StringProperty()  # the id it names: a uid, an alias, a record file's path, a declared pattern's id
    kind = StringProperty()  # id, path or pattern


class Store(StructuredNode):
    name = StringProperty(unique_index=True, required=True)
    kind = StringProperty(required=True)  # files, git, tickets, logs, cards; scan (`provgraph scan`'s citations)
    path = StringProperty()  # the absolute file or folder last ingested (SARIF locations)
    root = StringProperty()  # the absolute folder SARIF locations are relative to (engine/stores.py locations_root)
    reading = StringProperty()  # digest of the reading settings: a changed reading re-reads the store
    reading_settings = StringProperty()  # the same settings as JSON text
    kept_ends = StringProperty()  # JSON: each log file's kept end (provgraph/ingest/pipeline/kept.py)
    vocabulary = StringProperty()  # scan stores: digest of the ids, files and patterns the last scan matched against

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
    path = StringProperty()  # the source's locator as of this version (a renamed file keeps its old path here)
    author = StringProperty()  # "Name <email>": git's commit author (null where the store does not say)
    authored_at = DateTimeProperty()
    committer = StringProperty()  # "Name <email>": git's committer; revised_at is the commit's committer date
    tombstone = BooleanProperty(default=False, db_property="deleted")  # neomodel reserves the name `deleted`
    # a scanned file's snapshot (scan stores): the digest of its citations, and those naming no record in the graph
    cites_digest = StringProperty()
    unresolved_ids = ArrayProperty(StringProperty())
    unresolved_lines = ArrayProperty(IntegerProperty())
    unresolved_columns = ArrayProperty(IntegerProperty())
    unresolved_texts = ArrayProperty(StringProperty())

    source = RelationshipTo(Source, "OF")
    previous = RelationshipTo("Snapshot", "PREVIOUS")
    cites = RelationshipTo("Claim", "CITES", model=CitesRel)


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
    # false for a keyed entry whose message says no more than its key and value: in no suspect pair
    # (fulltext.free_text, cypher/rules/suspect-texts-may-pair.cypher); absent on older claims: free text (schema 7
    # gives them true). Indexed: the common terms are counted over the claims with free text (suspect_common_terms)
    search_free_text = BooleanProperty(index=True)
    # the words one lookup searches for (escaped, weighted) and each one's stem: the lookup builds its query from
    # them, less the common terms (cypher/rules/suspect-query.cypher)
    search_words = ArrayProperty(StringProperty())
    search_stems = ArrayProperty(StringProperty())
    # the keys the claim is named by and the keys of the records its record's text names (provgraph/base/mentions.py):
    # a later claim that names an earlier one (cypher/rules/suspect-judge.cypher) is a stronger suspect
    search_names = ArrayProperty(StringProperty())
    search_mentions = ArrayProperty(StringProperty())
    search_changes = ArrayProperty(StringProperty())  # ... of those, named in a sentence that says it changes them
    # The claim's lookup as the write-time suspects pass last ran it (provgraph/engine/suspects.py `keep_pending`):
    # the hits, best first, and each one's share of the best score. A pair's similarity is read from both claims'.
    suspect_hits = ArrayProperty(StringProperty())
    suspect_ratios = ArrayProperty(FloatProperty())
    # indexed, as status_computed_at: a site's rebuild seeks the claims written since its last build (cypher/site_marks.cypher)
    suspects_at = DateTimeProperty(index=True)
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
    status_path = StringProperty()
    status_aliases = ArrayProperty(StringProperty())
    status_premise_verdicts = ArrayProperty(StringProperty())
    status_successor_scopes = ArrayProperty(StringProperty())
    status_successors_elsewhere = ArrayProperty(StringProperty())
    status_successors_elsewhere_scopes = ArrayProperty(StringProperty())
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
    # from when the claim counts as no rival at any question scope (cypher/rules/retired.cypher); the far future when it
    # may be one (rules/never-retired), on every claim with a subject: verify's seek of a subject's live claims
    status_retired_since = DateTimeProperty()
    # The revision closure kept with the stored status (cypher/revision_closure_rows.cypher), one list per column of its rows;
    # null when not kept (docs/design.md "Kept revision closures")
    status_closure_successor = ArrayProperty(StringProperty())
    status_closure_kind = ArrayProperty(StringProperty())
    status_closure_next = ArrayProperty(StringProperty())
    status_closure_edge_scope = ArrayProperty(StringProperty())
    status_closure_via = ArrayProperty(StringProperty())
    status_closure_head = ArrayProperty(BooleanProperty())
    status_closure_force = ArrayProperty(StringProperty())
    status_closure_scope = StringProperty()  # the question scope it was kept for (the claim's own)
    status_closure_edge_scopes = ArrayProperty(StringProperty())
    status_closure_expires = DateTimeProperty()
    # The account of the stored status (provgraph/engine/account.py): since when, and the record, adjudication or
    # expiry that made it so, with that record's snapshot, commit, author, committer, file and line.
    status_since = DateTimeProperty()
    status_because_kind = StringProperty()  # record, adjudication, expiry
    status_because = StringProperty()  # the claim whose record, or the adjudication, that made it so
    status_because_snapshot = StringProperty()
    status_because_commit = StringProperty()
    status_because_author = StringProperty()
    status_because_committer = StringProperty()
    status_because_file = StringProperty()
    status_because_line = IntegerProperty()
    status_because_by = StringProperty()  # an adjudication's `by`
    status_computed_at = DateTimeProperty(index=True)
    status_expires = DateTimeProperty()  # null: nothing pending
    # falls along every CORRECTS/SUPERSEDES edge from a ranked claim, so it lies on no cycle (provgraph/engine/ranks.py)
    revision_rank = IntegerProperty()  # null: rule 5 walks its reach

    cited_at = RelationshipTo(Snapshot, "CITED_AT", model=CitedAtRel)
    corrects = RelationshipTo("Claim", "CORRECTS", model=RevisionRel)
    supersedes = RelationshipTo("Claim", "SUPERSEDES", model=RevisionRel)
    invalidates = RelationshipTo("Claim", "INVALIDATES", model=RevisionRel)
    amends = RelationshipTo("Claim", "AMENDS", model=RevisionRel)  # adds to the target, retires nothing
    conflicts_with = RelationshipTo("Claim", "CONFLICTS_WITH", model=LinkRel)
    depends_on = RelationshipTo("Claim", "DEPENDS_ON", model=LinkRel)
    relates = RelationshipTo("Claim", "RELATES", model=LinkRel)
    references = RelationshipTo("ExternalRef", "REFERENCES", model=ReferenceRel)
    may_revise = RelationshipTo("Claim", "MAY_REVISE", model=SuspectRel)  # a kept suspect pair: later -> earlier


class Adjudication(StructuredNode):
    uid = StringProperty(unique_index=True, required=True)
    decided_at = DateTimeProperty(required=True)
    by = StringProperty()
    why = StringProperty()
    policy = StringProperty()  # set for automatic adjudications (e.g. latest-wins)
    kind = StringProperty()  # 'distinct': not the same matter; 'relates' / 'depends_on': a link (null: keep/retire)
    scope = StringProperty(default="")
    revoked_at = DateTimeProperty()

    keeps = RelationshipTo(Claim, "KEEPS")
    retires = RelationshipTo(Claim, "RETIRES")
    distinguishes = RelationshipTo(Claim, "DISTINGUISHES")
    links = RelationshipTo(Claim, "LINKS")  # kind 'relates' / 'depends_on': the two claims of the edge it implies


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


class SuspectTerms(StructuredNode):
    """The common search terms, kept at write time (provgraph/engine/suspect_terms.py): every ingest that writes claims
    computes them again (cypher/suspect_common_terms.cypher), so a suspects lookup reads one node instead of
    scanning every claim's terms. Missing (an older store, a reset): read live."""

    name = StringProperty(unique_index=True, required=True)  # 'common-by-claims' (the rule of 2 December, later in the day: terms of many claims)
    terms = ArrayProperty(StringProperty())  # the terms that weigh nothing in a suspect pair
    computed_at = DateTimeProperty()
    counted_over = StringProperty()  # the claims they were counted over (suspect_terms.COMMON_OVER); none: every claim


class RivalRoster(StructuredNode):
    """The claims on one crowded subject that pass status rules 1-9 (docs/design.md "Rival rosters"), kept at write
    time (provgraph/engine/rosters.py) so that rule 10 of any claim on it reads one node instead of judging every
    claim on the subject. One entry per (question scope, member), sorted by scope, then uid; the lists run in step.
    Missing or owed: rule 10 judges the subject's claims as before."""

    subject = StringProperty(unique_index=True, required=True)
    owed = BooleanProperty(default=True)  # a write changed what it is computed from; the pass computes it again
    computed_at = DateTimeProperty()
    expires = DateTimeProperty()  # the earliest later instant any claim on the subject may change its rules 1-9
    scopes = ArrayProperty(StringProperty())  # the question scopes judged: the own scopes of the subject's claims
    entry_scopes = ArrayProperty(StringProperty())  # each entry's question scope
    members = ArrayProperty(StringProperty())  # each entry's claim uid
    member_scopes = ArrayProperty(StringProperty())  # its own scope then ('' = global)
    subjects = ArrayProperty(StringProperty())  # its subject then ('' for none)
    values = ArrayProperty(StringProperty())  # its value then ('' when it has none: see valued)
    valued = ArrayProperty(BooleanProperty())  # whether it has a value
    run_snapshots = ArrayProperty(StringProperty())  # the first snapshot of its run (status_account; '': none)
    run_ats = ArrayProperty(DateTimeProperty())  # when that run began
    run_lines = ArrayProperty(IntegerProperty())  # the line stating it (-1: none)
    reasons = ArrayProperty(StringProperty())  # CURRENT, or REVISION_CYCLE (rules 1-9 found it in CONFLICT)


class ProvgraphLock(StructuredNode):
    """The write lock (provgraph/engine/stored_status.py): every transaction that can change a stored status sets this one
    node first, so they run one at a time. Not counted as provgraph data; `reset` deletes it too."""

    name = StringProperty(unique_index=True, required=True)  # 'writes'
    taken_at = DateTimeProperty()
    generation = IntegerProperty()  # graph-changing transactions so far (cypher/write_lock.cypher)


class ProvgraphSchema(StructuredNode):
    """Which version of provgraph's schema this database holds (provgraph/graph/schema.py): one node, read by
    every command before it touches the graph, so a write installs a missing or older schema without a scan.
    Not provgraph data: `reset` keeps it, as it keeps the constraints and indexes."""

    name = StringProperty(unique_index=True, required=True)  # 'schema'
    version = IntegerProperty()  # schema.SCHEMA_VERSION of the provgraph that installed it
    provgraph = StringProperty()  # that provgraph's package version
    installed_at = DateTimeProperty()


MODELS = (Store, Source, Snapshot, Claim, Adjudication, Quarantine, Finding, ReportRun, ExternalRef, SuspectTerms,
          RivalRoster, ProvgraphLock, ProvgraphSchema)
LABELS = tuple(model.__name__ for model in MODELS if model not in (ProvgraphLock, ProvgraphSchema))  # the data labels
# Labels a Claim carries while the write-time suspects pass owes it a step (provgraph/engine/suspects.py): not
# models of their own, never counted as data; the pass removes each when the step is done.
PASS_MARKS = ("SuspectsPending", "SuspectsRelook", "SuspectsPairs")
REVISION_TYPES = ("CORRECTS", "SUPERSEDES", "INVALIDATES")
LINK_TYPES = ("AMENDS", "CONFLICTS_WITH", "DEPENDS_ON", "RELATES")

# Full-text indexes neomodel cannot declare (one index over several properties, a list's members): name -> (label,
# properties). init installs them from cypher/fulltext_index.cypher (provgraph/graph/fulltext.py writes and queries
# the fields) and cypher/alias_index.cypher (rules/alias-claims queries it).
FULLTEXT_INDEXES = {
    "claim_search": ("Claim", ("search_title", "search_subject", "search_value", "search_text", "search_scope",
                               "search_scope_under")),
    "claim_aliases": ("Claim", ("aliases",)),
}
