// name: ingest_observations
// plan: kept
// description: Write one batch of observations: the store, each source, its new snapshot (with path: the source's locator as of that version), and the claims that snapshot cites (CITED_AT carries the claim as that snapshot states it).
// param store: the store name
// param store_kind: files, git, tickets, logs or cards
// param observed_at: the ingest time (DateTime)
// param rows: list of {source: {uid, kind, locator, url, title, container}, snapshot: {uid, sha256, revised_at, version, deleted, path, author, authored_at, committer}, claims: [{uid, aliases (distinct, without the uid), text, subject, value, scope, asserted_at, valid_from, valid_until, declared, line_start, line_end, quote_sha256, status_line, rewritten, names, mentions, changes, search: {search_version, search_title, search_subject, search_value, search_text, search_scope, search_scope_under, search_terms, search_free_text, search_words, search_stems, search_query (null: removed)}}]} (search: the full-text fields, provgraph/graph/fulltext.py)
// mode: write
MERGE (store:Store {name: $store})
  ON CREATE SET store.kind = $store_kind
WITH store
UNWIND $rows AS row
MERGE (source:Source {uid: row.source.uid})
SET source.kind = row.source.kind,
    source.locator = row.source.locator,
    source.url = row.source.url,
    source.title = row.source.title,
    source.container = row.source.container
MERGE (source)-[:IN]->(store)
MERGE (snapshot:Snapshot {uid: row.snapshot.uid})
  ON CREATE SET snapshot.sha256 = row.snapshot.sha256,
                snapshot.revised_at = row.snapshot.revised_at,
                snapshot.version = row.snapshot.version,
                snapshot.deleted = row.snapshot.deleted,
                snapshot.path = row.snapshot.path,
                snapshot.author = row.snapshot.author,
                snapshot.authored_at = row.snapshot.authored_at,
                snapshot.committer = row.snapshot.committer,
                snapshot.observed_at = $observed_at
MERGE (snapshot)-[:OF]->(source)
WITH snapshot, row
UNWIND row.claims AS c
MERGE (claim:Claim {uid: c.uid})
  // a claim written first needs no merge with what is stored (its aliases: distinct, without the uid; whether it
  // was retired); a claim with a subject is in the (subject, status_retired_since) index from its first write
  // (rules/never-retired)
  ON CREATE SET claim.placeholder = false,
                claim.status_retired_since = /*INCLUDE never-retired*/,
                claim.aliases = c.aliases
  ON MATCH SET claim.placeholder = false,
               claim.status_retired_since = coalesce(claim.status_retired_since, /*INCLUDE never-retired*/),
               claim.aliases = reduce(acc = coalesce(claim.aliases, []), a IN c.aliases | CASE WHEN a IN acc THEN acc ELSE acc + a END)
FOREACH (_ IN CASE WHEN claim.last_cited_at IS NULL OR snapshot.revised_at >= claim.last_cited_at THEN [1] ELSE [] END |
  SET claim.text = c.text,
      claim.subject = c.subject,
      claim.value = c.value,
      claim.scope = c.scope,
      claim.asserted_at = c.asserted_at,
      claim.valid_from = c.valid_from,
      claim.valid_until = c.valid_until,
      claim.declared = c.declared,
      claim += c.search,
      claim.search_names = /*INCLUDE list-kept(c.names)*/,
      claim.search_mentions = /*INCLUDE list-kept(c.mentions)*/,
      claim.search_changes = /*INCLUDE list-kept(c.changes)*/,
      claim.last_cited_at = snapshot.revised_at)
// the suspects pass looks it up, unless it is a keyed entry without free text, in no suspect pair
// (rules/suspect-texts-may-pair), never looked up before (else its kept pairs are computed again: none)
FOREACH (_ IN CASE WHEN claim.last_cited_at = snapshot.revised_at
                     AND (coalesce(c.search.search_free_text, true) OR claim.suspects_at IS NOT NULL) THEN [1] ELSE [] END |
  SET claim:SuspectsPending)
MERGE (claim)-[cite:CITED_AT]->(snapshot)
SET cite.line_start = c.line_start,
    cite.line_end = c.line_end,
    cite.quote_sha256 = c.quote_sha256,
    cite.status_line = c.status_line,
    cite.text = c.text,
    cite.subject = c.subject,
    cite.value = c.value,
    cite.scope = c.scope,
    cite.declared = c.declared,
    cite.valid_from = c.valid_from,
    cite.valid_until = c.valid_until,
    cite.rewritten = c.rewritten
;
