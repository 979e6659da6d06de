// name: sarif_locations
// description: Where each claim is stated now, for the report's SARIF results: its latest citing snapshot's source (uid, locator, container), the store (name, kind, and the path and root recorded at ingest; null when none was recorded) and the cited lines.
// param claims: list of claim uids
UNWIND $claims AS uid
MATCH (c:Claim {uid: uid})-[cite:CITED_AT]->(s:Snapshot)-[:OF]->(source:Source)-[:IN]->(store:Store)
WITH uid, cite, s, source, store ORDER BY s.revised_at DESC, s.observed_at DESC
WITH uid, head(collect({source: source.uid, locator: source.locator, container: source.container, store: store.name,
                        kind: store.kind, path: store.path, root: store.root, line_start: cite.line_start,
                        line_end: cite.line_end})) AS at
RETURN uid AS claim, at.source AS source, at.locator AS locator, at.container AS container, at.store AS store,
       at.kind AS kind, at.path AS path, at.root AS root, at.line_start AS line_start, at.line_end AS line_end
;
