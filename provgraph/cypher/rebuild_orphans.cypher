// name: rebuild_orphans
// description: After a store's sources were taken out (rebuild_unrecord): each given claim no snapshot cites any more
// description: is deleted when nothing else refers to it, else kept as a placeholder (an adjudication or another
// description: store's edge names it) until the store's new reading cites it again. Returns kept (placeholder uids).
// param claims: list of claim uids
// mode: write
UNWIND $claims AS uid
MATCH (c:Claim {uid: uid})
WHERE NOT EXISTS { (c)-[:CITED_AT]->() }
WITH c, uid, EXISTS { (c)--() } AS referred
FOREACH (_ IN CASE WHEN referred THEN [1] ELSE [] END | SET c.placeholder = true)
FOREACH (_ IN CASE WHEN referred THEN [] ELSE [1] END | DELETE c)
RETURN [x IN collect(CASE WHEN referred THEN uid END) WHERE x IS NOT NULL] AS kept
;
