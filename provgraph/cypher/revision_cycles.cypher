// name: revision_cycles
// description: Claims that lie on a cycle of CORRECTS/SUPERSEDES edges visible at $t whose scope covers the
// description: question scope, the edges of a reviser rejected or withdrawn at $t left out (status rule 5, REVISION_CYCLE). One row per such claim with `cycle`: the sorted uids
// description: of every claim both reachable from it and reaching it (its strongly connected component), found
// description: with two pruning BFS walks, never path enumeration.
// param claims: list of claim uids to check, or null for every claim
// param q: the question scope, or null for each claim's own scope
// param t: the as-of time (DateTime)
CALL () {
  UNWIND coalesce($claims, []) AS wanted
  MATCH (c:Claim {uid: wanted})
  RETURN c
  UNION
  MATCH (c:Claim)
  WHERE $claims IS NULL
  RETURN c
}
WITH c
WHERE EXISTS { (c)-[:CORRECTS|SUPERSEDES]->(:Claim) } AND EXISTS { (c)<-[:CORRECTS|SUPERSEDES]-(:Claim) }
WITH c, coalesce($q, c.scope, '') AS q
WITH c, q, COLLECT {
  MATCH (c)-[loops:CORRECTS|SUPERSEDES*1..]->(reached:Claim)
  WHERE all(loop IN loops WHERE /*INCLUDE edge-visible(loop)*/
    AND /*INCLUDE scope-covers(loop.scope, q)*/)
  RETURN DISTINCT reached
} AS forward
WHERE c IN forward
// the void edges (their reviser rejected or withdrawn at $t) out of the claims on the walk: no cycle runs through them
CALL (forward) {
  UNWIND forward AS loopFrom
  MATCH (loopFrom)-[rev:CORRECTS|SUPERSEDES]->(:Claim)
  // INCLUDE revision-force
  WITH rev, force WHERE force = 'VOID'
  RETURN collect(rev) AS loopVoid
}
WITH c, q, loopVoid, CASE WHEN size(loopVoid) = 0 THEN forward ELSE COLLECT {
  MATCH (c)-[loops:CORRECTS|SUPERSEDES*1..]->(reached:Claim)
  WHERE all(loop IN loops WHERE /*INCLUDE edge-visible(loop)*/
    AND /*INCLUDE scope-covers(loop.scope, q)*/ AND NOT loop IN loopVoid)
  RETURN DISTINCT reached
} END AS forward
WHERE c IN forward
WITH c, forward, COLLECT {
  MATCH (c)<-[loops:CORRECTS|SUPERSEDES*1..]-(reaching:Claim)
  WHERE all(loop IN loops WHERE /*INCLUDE edge-visible(loop)*/
    AND /*INCLUDE scope-covers(loop.scope, q)*/ AND NOT loop IN loopVoid)
  RETURN DISTINCT reaching
} AS backward
RETURN c.uid AS claim, COLLECT { UNWIND forward AS n WITH n WHERE n IN backward RETURN n.uid AS uid ORDER BY uid } AS cycle
ORDER BY claim
;
