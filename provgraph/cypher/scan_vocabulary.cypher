// name: scan_vocabulary
// description: What `provgraph scan` matches citations against: every claim's uid and aliases, and the record files (files and git stores: the store's recorded path and the source's locator) its latest snapshots are read from.
MATCH (c:Claim)
OPTIONAL CALL (c) {
  MATCH (c)-[:CITED_AT]->(s:Snapshot)-[:OF]->(source:Source)-[:IN]->(store:Store)
  WHERE store.kind IN ['files', 'git'] AND store.path IS NOT NULL AND s.until IS NULL AND NOT coalesce(s.deleted, false)
  RETURN collect(DISTINCT store.path + '/' + source.locator) AS files
}
RETURN c.uid AS uid, c.aliases AS aliases, files
;
