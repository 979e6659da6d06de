// name: revision_rank_region
// plan: kept
// description: Where a write can change revision ranks (docs/design.md "Revision ranks"), the start: the seed claims and
// description: every claim the touched sources' snapshots cite, with their neighbours through a CORRECTS or SUPERSEDES
// description: edge (edges written or moved). The region is these and every claim that reaches one of them through such
// description: edges (revision_rank_step, one step a round). One row per claim: claim (uid). Sorted.
// param seeds: list of claim uids the write touched
// param sources: list of source uids the write added snapshots to
CALL () {
  UNWIND $seeds AS seed
  MATCH (c:Claim {uid: seed})
  USING INDEX c:Claim(uid)
  RETURN c
  UNION
  UNWIND $sources AS source_uid
  MATCH (:Source {uid: source_uid})<-[:OF]-(:Snapshot)<-[:CITED_AT]-(c:Claim)
  RETURN c
}
WITH DISTINCT c
CALL (c) {
  RETURN c AS w
  UNION
  MATCH (c)-[:CORRECTS|SUPERSEDES]-(w:Claim)
  RETURN w
}
WITH DISTINCT w
RETURN w.uid AS claim
ORDER BY claim
;
