// name: ingest_merge_placeholders
// plan: kept
// description: A claim just ingested under a uid or alias that an earlier run created as a placeholder takes over the placeholder's relationships; the placeholder is deleted.
// param rows: list of {alias, uid}: a name the new claim answers to, and its uid
// mode: write
UNWIND $rows AS row
MATCH (p:Claim {uid: row.alias})
USING INDEX p:Claim(uid)
WHERE p.placeholder = true AND row.alias <> row.uid
MATCH (c:Claim {uid: row.uid})
CALL (p, c) {
  OPTIONAL MATCH (x)-[r:CORRECTS]->(p) WHERE x <> c
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (x)-[n:CORRECTS {via: r.via}]->(c) SET n += properties(r))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (p)-[r:CORRECTS]->(y) WHERE y <> c
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (c)-[n:CORRECTS {via: r.via}]->(y) SET n += properties(r))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (x)-[r:SUPERSEDES]->(p) WHERE x <> c
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (x)-[n:SUPERSEDES {via: r.via}]->(c) SET n += properties(r))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (p)-[r:SUPERSEDES]->(y) WHERE y <> c
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (c)-[n:SUPERSEDES {via: r.via}]->(y) SET n += properties(r))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (x)-[r:INVALIDATES]->(p) WHERE x <> c
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (x)-[n:INVALIDATES {via: r.via}]->(c) SET n += properties(r))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (p)-[r:INVALIDATES]->(y) WHERE y <> c
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (c)-[n:INVALIDATES {via: r.via}]->(y) SET n += properties(r))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (x)-[r:AMENDS]->(p) WHERE x <> c
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (x)-[n:AMENDS {via: r.via}]->(c) SET n += properties(r))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (p)-[r:AMENDS]->(y) WHERE y <> c
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (c)-[n:AMENDS {via: r.via}]->(y) SET n += properties(r))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (x)-[r:CONFLICTS_WITH]->(p) WHERE x <> c
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (x)-[n:CONFLICTS_WITH {via: r.via}]->(c) SET n += properties(r))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (p)-[r:CONFLICTS_WITH]->(y) WHERE y <> c
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (c)-[n:CONFLICTS_WITH {via: r.via}]->(y) SET n += properties(r))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (x)-[r:DEPENDS_ON]->(p) WHERE x <> c
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (x)-[n:DEPENDS_ON {via: r.via}]->(c) SET n += properties(r))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (p)-[r:DEPENDS_ON]->(y) WHERE y <> c
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (c)-[n:DEPENDS_ON {via: r.via}]->(y) SET n += properties(r))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (x)-[r:RELATES]->(p) WHERE x <> c
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (x)-[n:RELATES {via: r.via, verb: r.verb}]->(c) SET n += properties(r))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (p)-[r:RELATES]->(y) WHERE y <> c
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (c)-[n:RELATES {via: r.via, verb: r.verb}]->(y) SET n += properties(r))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (a:Adjudication)-[r:KEEPS]->(p)
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (a)-[:KEEPS]->(c))
  DELETE r
}
CALL (p, c) {
  OPTIONAL MATCH (a:Adjudication)-[r:RETIRES]->(p)
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (a)-[:RETIRES]->(c))
  DELETE r
}
DETACH DELETE p
;
