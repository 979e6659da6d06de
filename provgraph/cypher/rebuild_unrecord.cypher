// name: rebuild_unrecord
// description: Take a chunk of a store's sources out of the graph before the store is read again from scratch: every
// description: recorded edge forgets them (sources, recorded_in; an edge no other source records is deleted), then their
// description: snapshots and the sources themselves go. Claims, adjudications and adjudication-implied edges stay.
// description: Returns claims (the claims those snapshots cited) and others (sources of other stores that still record
// description: an edge these did: their edge windows are recomputed).
// param sources: list of source uids, all of one store
// mode: write
CALL () {
  UNWIND $sources AS source_uid
  MATCH (:Source {uid: source_uid})<-[:OF]-(:Snapshot)<-[:CITED_AT]-(c:Claim)
  RETURN collect(DISTINCT c) AS cited
}
CALL (cited) {
  UNWIND cited AS c
  MATCH (c)-[r:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS|CONFLICTS_WITH|DEPENDS_ON|RELATES|REFERENCES]-()
  WHERE coalesce(r.via, '') = '' AND any(x IN coalesce(r.sources, []) WHERE x IN $sources)
  WITH DISTINCT r
  SET r.sources = [x IN r.sources WHERE NOT x IN $sources],
      r.recorded_in = [x IN coalesce(r.recorded_in, []) WHERE NOT any(s IN $sources WHERE x STARTS WITH s + '@')]
  WITH r, r.sources AS left
  FOREACH (_ IN CASE WHEN size(left) = 0 THEN [1] ELSE [] END | DELETE r)
  WITH left
  UNWIND CASE WHEN size(left) = 0 THEN [null] ELSE left END AS other
  RETURN collect(DISTINCT other) AS others
}
CALL () {
  UNWIND $sources AS source_uid
  MATCH (source:Source {uid: source_uid})
  OPTIONAL MATCH (source)<-[:OF]-(snapshot:Snapshot)
  DETACH DELETE snapshot
  WITH DISTINCT source
  DETACH DELETE source
}
RETURN [c IN cited | c.uid] AS claims, others
;
