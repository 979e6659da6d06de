// name: export_sources
// description: One page of sources for `provgraph export`, by uid after $after (keyset paging): uid, kind, locator,
// description: title, url, container, and the stores they are in.
// param after: the last source uid of the previous page, or null for the first page
// param page: how many rows to return
MATCH (source:Source)
WHERE $after IS NULL OR source.uid > $after
WITH source ORDER BY source.uid LIMIT $page
RETURN source.uid AS uid, source.kind AS kind, source.locator AS locator, source.title AS title, source.url AS url,
       source.container AS container, COLLECT { MATCH (source)-[:IN]->(store:Store) RETURN store.name } AS stores
ORDER BY uid
;
