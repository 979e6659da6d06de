// name: revision_rank_step
// plan: kept
// description: One step of the revision-rank region (revision_rank_region): for each given claim, its stored rank, the
// description: claims that CORRECT or SUPERSEDE it (revisers: uids) and the claims it CORRECTS or SUPERSEDES (targets:
// description: {uid, rank} with that claim's stored rank), at any time and in any scope. One row per claim found.
// param claims: list of claim uids
UNWIND $claims AS uid
MATCH (c:Claim {uid: uid})
USING INDEX c:Claim(uid)
RETURN c.uid AS claim, c.revision_rank AS rank,
  COLLECT { MATCH (c)<-[:CORRECTS|SUPERSEDES]-(reviser:Claim) RETURN DISTINCT reviser.uid } AS revisers,
  COLLECT { MATCH (c)-[:CORRECTS|SUPERSEDES]->(target:Claim) RETURN DISTINCT {uid: target.uid, rank: target.revision_rank} }
    AS targets
;
