// name: ingest_adopt_external_refs
// plan: kept
// description: A claim just written (or a placeholder just created) under a uid or alias that an ExternalRef carries takes over its references: each REFERENCES edge becomes the RELATES edge the record meant, and the ExternalRef is deleted.
// param rows: list of {ref, uid}: a name the claim answers to, and its uid
// mode: write
// no ExternalRef at all (most graphs): no seek a row (the count is the count store's, not a scan)
MATCH (held:ExternalRef)
WITH count(held) AS held
WHERE held > 0
UNWIND $rows AS row
MATCH (e:ExternalRef {uid: row.ref})
MATCH (c:Claim {uid: row.uid})
CALL (e, c) {
  MATCH (x:Claim)-[r:REFERENCES]->(e)
  WHERE x <> c
  FOREACH (_ IN CASE WHEN coalesce(r.inbound, false) THEN [] ELSE [1] END |
    MERGE (x)-[n:RELATES {via: r.via, verb: r.verb}]->(c) SET n += properties(r) REMOVE n.inbound)
  FOREACH (_ IN CASE WHEN coalesce(r.inbound, false) THEN [1] ELSE [] END |
    MERGE (c)-[n:RELATES {via: r.via, verb: r.verb}]->(x) SET n += properties(r) REMOVE n.inbound)
  DELETE r
}
DETACH DELETE e
;
