// name: site_history
// plan: kept
// description: Every snapshot that cited each claim (or each of $claims), oldest first per claim: what the record said then (declared
// description: word, text), since when (revised_at), until when (until, null: still the latest), and who and which
// description: commit wrote it (version, author, committer; null where the store does not say), the lines cited.
// param claims: only these claim uids, or null for every claim
CALL () {
  // INCLUDE site-claims (every claim, or those of $claims)
}
MATCH (c)-[cited:CITED_AT]->(snapshot:Snapshot)
RETURN c.uid AS claim, snapshot.uid AS snapshot, snapshot.sha256 AS sha256, snapshot.revised_at AS revised_at,
       snapshot.until AS until, snapshot.version AS version, snapshot.author AS author,
       snapshot.committer AS committer, snapshot.path AS path, coalesce(snapshot.deleted, false) AS deleted,
       cited.declared AS declared, cited.line_start AS line_start, cited.line_end AS line_end
ORDER BY claim, revised_at, snapshot
;
