// name: ingest_edge_windows
// plan: kept
// description: Recompute valid_from / valid_to of every recorded edge that the given sources record: from the first recording snapshot's revised_at until the `until` of the last one (null while a source's latest snapshot still records it).
// param sources: list of source uids
// mode: write
UNWIND $sources AS source_uid
MATCH (:Source {uid: source_uid})<-[:OF]-(:Snapshot)<-[:CITED_AT]-(c:Claim)
WITH DISTINCT c, source_uid
MATCH (c)-[r:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS|CONFLICTS_WITH|DEPENDS_ON|RELATES|REFERENCES]-()
WHERE r.via = '' AND source_uid IN r.sources
WITH DISTINCT r
CALL (r) {
  UNWIND r.recorded_in AS snapshot_uid
  MATCH (s:Snapshot {uid: snapshot_uid})
  RETURN min(s.revised_at) AS first_seen,
         max(s.until) AS last_until,
         sum(CASE WHEN s.until IS NULL THEN 1 ELSE 0 END) AS still_recorded
}
SET r.valid_from = first_seen,
    r.valid_to = CASE WHEN still_recorded > 0 THEN null ELSE last_until END
;
