// name: status_closure_forget
// plan: kept
// description: Forget the kept successor closure (status_closure) of every claim that the given claims reach through
// description: revision or amendment edges, other than those claims themselves (their status is stored again or
// description: forgotten by the same pass): a write that can change what one of them reads can change the closure
// description: of every claim whose closure holds it. A claim whose revision targets are all among the given ones
// description: starts no walk: the walks of those targets reach everything it reaches. Returns forgotten (how many).
// param claims: list of claim uids the write-time pass recomputes or forgets
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
// INCLUDE closure-forget(reached) (every property the kept closure is in; written in rules/closure-forget.cypher)
RETURN count(reached) AS forgotten
;
