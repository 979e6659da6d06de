// name: ingest_lineage_placeholders
// description: Turn placeholder claims that only lineage links (RELATES) point at (what versions before external references wrote for a runbook URL) into ExternalRef nodes with REFERENCES edges, so they stop being UNKNOWN/UNBOUND. Returns how many were turned.
// mode: write
MATCH (p:Claim {placeholder: true})
WHERE EXISTS { (p)-[:RELATES]-(:Claim) }
  AND NOT EXISTS { (p)-[r]-() WHERE type(r) <> 'RELATES' }
MERGE (e:ExternalRef {uid: p.uid})
WITH p, e
CALL (p, e) {
  MATCH (x:Claim)-[r:RELATES]->(p)
  MERGE (x)-[n:REFERENCES {via: r.via, verb: r.verb, inbound: false}]->(e)
  SET n += properties(r)
  DELETE r
}
CALL (p, e) {
  MATCH (p)-[r:RELATES]->(y:Claim)
  MERGE (y)-[n:REFERENCES {via: r.via, verb: r.verb, inbound: true}]->(e)
  SET n += properties(r)
  DELETE r
}
DETACH DELETE p
RETURN count(*) AS turned
;
