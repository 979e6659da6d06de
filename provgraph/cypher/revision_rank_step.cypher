// name: revision_rank_step
// description: One step of the revision-rank region (revision_rank_region): for each given claim, the claims that
// description: CORRECT or SUPERSEDE it (revisers: uids) and the claims it CORRECTS or SUPERSEDES (targets: {uid, rank}
// description: with that claim's stored rank), at any time and in any scope. One row per claim found.
// param claims: list of claim uids
UNWIND $claims AS uid
MATCH (c:Claim {uid: uid})
USING INDEX c:Claim(uid)
RETURN c.uid AS claim,
  COLLECT { MATCH (c)<-[:CORRECTS|SUPERSEDES]-(reviser:Claim) RETURN DISTINCT reviser.uid } AS revisers,
  COLLECT { MATCH (c)-[:CORRECTS|SUPERSEDES]->(target:Claim) RETURN DISTINCT {uid: target.uid, rank: target.revision_rank} }
    AS targets
;
