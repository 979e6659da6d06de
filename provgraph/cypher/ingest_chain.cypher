// name: ingest_chain
// plan: kept
// description: Order each given source's snapshots by revised_at and set `until` (the next snapshot's revised_at, null for the latest) and the PREVIOUS links.
// param sources: list of source uids
// mode: write
UNWIND $sources AS source_uid
MATCH (:Source {uid: source_uid})<-[:OF]-(s:Snapshot)
WITH source_uid, s ORDER BY s.revised_at, s.observed_at, s.uid
WITH source_uid, collect(s) AS snaps
UNWIND range(0, size(snaps) - 1) AS i
WITH snaps[i] AS s, CASE WHEN i + 1 < size(snaps) THEN snaps[i + 1] END AS next, CASE WHEN i > 0 THEN snaps[i - 1] END AS prev
SET s.until = next.revised_at
WITH s, prev
CALL (s, prev) {
  OPTIONAL MATCH (s)-[old:PREVIOUS]->(o)
  WHERE prev IS NULL OR o <> prev
  DELETE old
}
FOREACH (p IN CASE WHEN prev IS NULL THEN [] ELSE [prev] END | MERGE (s)-[:PREVIOUS]->(p))
;
