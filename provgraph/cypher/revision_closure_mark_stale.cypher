// name: revision_closure_mark_stale
// plan: kept
// description: Mark stale the kept revision closure (revision_closure_rows) of every claim that the given claims reach through
// description: revision or amendment edges, other than those claims themselves (their status is stored again or
// description: marked stale by the same pass): a write that can change what one of them reads can change the closure
// description: of every claim whose closure holds it. A claim whose revision targets are all among the given ones
// description: starts no walk: the walks of those targets reach everything it reaches. Returns forgotten (how many).
// param claims: list of claim uids the write-time pass recomputes or marks stale
// mode: write
UNWIND $claims AS uid
MATCH (x:Claim {uid: uid})
USING INDEX x:Claim(uid)
WITH collect(x) AS given
CALL (given) {
  UNWIND given AS x
  WITH x, given
  WHERE EXISTS { MATCH (x)-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]->(target:Claim) WHERE NOT target IN given }
  MATCH (x)-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]->(reached:Claim)
  RETURN DISTINCT reached
}
WITH reached, given
WHERE reached.status_closure_successor IS NOT NULL AND NOT reached IN given
// INCLUDE closure-mark-stale(reached) (every property the kept closure is in; written in rules/closure-mark-stale.cypher)
RETURN count(reached) AS forgotten
;
