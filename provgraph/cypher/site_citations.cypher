// name: site_citations
// plan: kept
// description: Every citation `provgraph scan` kept: the claim cited, the scanned file (locator), line, column and the
// description: text as written, with the scan store's name and root (what the locator is relative to). Sorted by
// description: claim, file, line.
MATCH (snapshot:Snapshot)-[cite:CITES]->(c:Claim)
MATCH (snapshot)-[:OF]->(:Source)-[:IN]->(store:Store)
RETURN c.uid AS claim, cite.file AS file, cite.line AS line, cite.column AS column, cite.text AS text,
       store.name AS store, store.root AS root
ORDER BY claim, file, line
;
