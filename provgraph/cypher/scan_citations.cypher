// name: scan_citations
// description: The citations kept by scan stores (kind scan; $store names one, null: all): one row per citation, with the file, line, column, text matched, the id it names and the claim it resolves to (null: unresolved) and that claim's store; files limited to $locators unless null.
// param store: a scan store's name, or null for every scan store
// param locators: list of file locators, or null for every file
MATCH (store:Store {kind: 'scan'})<-[:IN]-(source:Source)<-[:OF]-(s:Snapshot)
WHERE ($store IS NULL OR store.name = $store) AND ($locators IS NULL OR source.locator IN $locators)
CALL (s) {
  MATCH (s)-[cite:CITES]->(c:Claim)
  OPTIONAL CALL (c) {
    MATCH (c)-[:CITED_AT]->(:Snapshot)-[:OF]->(:Source)-[:IN]->(home:Store)
    RETURN home.name AS home LIMIT 1
  }
  RETURN cite.line AS line, cite.column AS column, cite.text AS text, cite.cited_id AS id, cite.kind AS kind,
         c.uid AS claim, home
  UNION ALL
  UNWIND range(0, size(coalesce(s.unresolved_ids, [])) - 1) AS i
  RETURN s.unresolved_lines[i] AS line, s.unresolved_columns[i] AS column, s.unresolved_texts[i] AS text,
         s.unresolved_ids[i] AS id, 'pattern' AS kind, null AS claim, null AS home
}
RETURN store.name AS store, store.root AS root, source.locator AS file, s.sha256 AS sha256, line, column, text, id,
       kind, claim, home
ORDER BY store, file, line, column
;
