// name: rebuild_cited
// description: The claims a chunk of a store's sources cite (any snapshot), whose stored status a rebuild marks stale first.
// param sources: list of source uids
UNWIND $sources AS source_uid
MATCH (:Source {uid: source_uid})<-[:OF]-(:Snapshot)<-[:CITED_AT]-(c:Claim)
RETURN collect(DISTINCT c.uid) AS claims
;
