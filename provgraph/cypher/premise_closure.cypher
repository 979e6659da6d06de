// name: premise_closure
// description: Every premise the given claims rest on: claims reachable through DEPENDS_ON edges visible at $t,
// description: transitively (a premise of a premise counts). One row per (claim, premise), direct = true for a
// description: premise named by the claim itself. Cycles terminate: a pruning BFS per claim, never path enumeration.
// param claims: list of claim uids
// param t: the as-of time (DateTime)
UNWIND $claims AS wanted
MATCH (c:Claim {uid: wanted})
MATCH (c)-[deps:DEPENDS_ON*1..]->(premise:Claim)
WHERE all(dep IN deps WHERE /*INCLUDE edge-visible(dep)*/)
WITH DISTINCT c, premise
WHERE premise <> c
RETURN
  c.uid AS claim,
  premise.uid AS premise,
  EXISTS {
    MATCH (c)-[direct:DEPENDS_ON]->(premise)
    WHERE /*INCLUDE edge-visible(direct)*/
  } AS direct
ORDER BY claim, premise
;
