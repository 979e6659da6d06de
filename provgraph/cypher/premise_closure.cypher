// name: premise_closure
// description: Every premise the given claims rest on: claims reachable through DEPENDS_ON edges visible at $t,
// description: transitively (a premise of a premise counts). One row per (claim, premise) with the distance in
// description: edges. Cycles terminate: one BFS per claim (ANY SHORTEST), never path enumeration.
// param claims: list of claim uids
// param t: the as-of time (DateTime)
UNWIND $claims AS wanted
MATCH (c:Claim {uid: wanted})
MATCH path = ANY SHORTEST (c)(()-[dep:DEPENDS_ON]->()
  WHERE (dep.valid_from IS NULL OR dep.valid_from <= $t) AND (dep.valid_to IS NULL OR dep.valid_to > $t))+(premise:Claim)
WHERE premise <> c
RETURN c.uid AS claim, premise.uid AS premise, length(path) AS distance
ORDER BY claim, distance, premise
