CALL (c, q) {
  // every claim the revision and amendment edges visible at $t for q reach from c (a pruning BFS: MATCH + DISTINCT)
  CALL (c, q) {
    MATCH (c)<-[walked:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]-(walkReached:Claim)
    WHERE all(rev IN walked WHERE /*INCLUDE edge-visible(rev)*/
      AND /*INCLUDE scope-covers(rev.scope, q)*/)
    RETURN collect(DISTINCT walkReached) AS walkReach
  }
  // the edges out of them that revise nothing (the reviser is rejected or withdrawn at $t): the walk does not cross them
  CALL (walkReach) {
    UNWIND walkReach AS walkFrom
    MATCH (walkFrom)-[rev:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]->(:Claim)
    // INCLUDE revision-force
    WITH rev, force WHERE force = 'VOID'
    RETURN collect(rev) AS walkVoid
  }
  // only when there are such edges: the walk again, not crossing them
  OPTIONAL CALL (c, q, walkVoid) {
    WITH c, q, walkVoid WHERE size(walkVoid) > 0
    MATCH (c)<-[kept:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]-(walkKept:Claim)
    WHERE all(rev IN kept WHERE /*INCLUDE edge-visible(rev)*/
      AND /*INCLUDE scope-covers(rev.scope, q)*/ AND NOT rev IN walkVoid)
    RETURN collect(DISTINCT walkKept) AS walkKeptReach
  }
  RETURN [n IN CASE WHEN size(walkVoid) = 0 THEN walkReach ELSE coalesce(walkKeptReach, []) END
          WHERE n <> c AND NOT coalesce(n.placeholder, false)] AS closure
}
