// name: site_decisions
// plan: kept
// description: Every claim (or those of $claims) with what a decision site names it by and where it came from: uid, aliases, text,
// description: placeholder, the title and url of the source its latest snapshot belongs to, that source's uid and
// description: locator, its store's name, kind and root (the folder its locators are relative to). A placeholder has
// description: no source: its source columns are null. Sorted by uid.
// param claims: only these claim uids, or null for every claim
CALL () {
  // INCLUDE site-claims (every claim, or those of $claims)
}
CALL (c) {
  OPTIONAL MATCH (c)-[:CITED_AT]->(snapshot:Snapshot)-[:OF]->(source:Source)-[:IN]->(store:Store)
  WITH source, store, snapshot ORDER BY snapshot.revised_at DESC, snapshot.observed_at DESC
  RETURN head(collect(source)) AS source, head(collect(store)) AS store
}
RETURN c.uid AS claim, coalesce(c.aliases, []) AS aliases, c.text AS text, coalesce(c.placeholder, false) AS placeholder,
       source.title AS title, source.url AS url, source.uid AS source, source.locator AS locator,
       store.name AS store, store.kind AS store_kind, store.root AS root
ORDER BY claim
;
