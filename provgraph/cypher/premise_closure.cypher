// name: premise_closure
// description: Every premise the given claims rest on: claims reachable through DEPENDS_ON edges visible at $t,
// description: transitively (a premise of a premise counts). One row per (claim, premise), direct = true for a
// description: premise named by the claim itself. Cycles terminate: a pruning BFS per claim, never path enumeration.
// param claims: list of claim uids
// param t: the as-of time (DateTime)
UNWIND $claims AS wanted
MATCH (c:Claim {uid: wanted})
MATCH (c)-[deps:DEPENDS_ON*1..]->(premise:Claim)
WHERE all(dep IN deps WHERE (dep.valid_from IS NULL OR dep.valid_from <= $t) AND (dep.valid_to IS NULL OR dep.valid_to > $t))
WITH DISTINCT c, premise
WHERE premise <> c
RETURN
  c.uid AS claim,
  premise.uid AS premise,
  EXISTS {
    MATCH (c)-[direct:DEPENDS_ON]->(premise)
    WHERE (direct.valid_from IS NULL OR direct.valid_from <= $t) AND (direct.valid_to IS NULL OR direct.valid_to > $t)
  } AS direct
ORDER BY claim, premise
;
