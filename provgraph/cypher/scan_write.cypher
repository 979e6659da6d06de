// name: scan_write
// description: Keep what a scan found in each file: the file as a source of the scan store, its latest snapshot (sha256, the digest of its citations, the unresolved ones) replacing the one before, and a CITES relationship to each claim cited (file, line, column, text matched, id, how it was found).
// param store: the scan store's name
// param root: the absolute folder file locators are relative to
// param vocabulary: the digest of the ids, files and patterns the scan matched against
// param files: list of {locator, sha256, digest, cites: [{claim, line, column, text, id, kind}], unresolved_ids, unresolved_lines, unresolved_columns, unresolved_texts}
// mode: write
MERGE (store:Store {name: $store})
  ON CREATE SET store.kind = 'scan'
SET store.root = $root, store.vocabulary = $vocabulary
WITH store
UNWIND $files AS file
MERGE (source:Source {uid: $store + ':' + file.locator})
  ON CREATE SET source.kind = 'scanned', source.locator = file.locator
MERGE (source)-[:IN]->(store)
WITH source, file
OPTIONAL MATCH (old:Snapshot)-[:OF]->(source)
DETACH DELETE old
WITH DISTINCT source, file
CREATE (s:Snapshot {uid: source.uid + '@sha256:' + file.sha256, sha256: file.sha256, revised_at: datetime(),
                    observed_at: datetime(), path: file.locator, cites_digest: file.digest,
                    unresolved_ids: file.unresolved_ids, unresolved_lines: file.unresolved_lines,
                    unresolved_columns: file.unresolved_columns, unresolved_texts: file.unresolved_texts})-[:OF]->(source)
WITH s, file
UNWIND file.cites AS cite
MATCH (c:Claim {uid: cite.claim})
CREATE (s)-[:CITES {file: file.locator, line: cite.line, column: cite.column, text: cite.text, cited_id: cite.id,
                    kind: cite.kind}]->(c)
;
