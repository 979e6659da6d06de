// name: revision_closure
// description: Every transitive successor of the given claims: claims that correct, supersede, invalidate or amend
// description: them, directly or through intermediate successors, through edges visible at $t whose scope covers the
// description: question scope, leaving out edges whose reviser is rejected or withdrawn at $t (they revise nothing).
// description: One row per (claim, successor), placeholders left out: direct = true when an edge joins them, head = true
// description: when the successor is a current head (it retires what it revises, in force and not an amendment, and
// description: nothing in force retires it), pending = true when it joins only through proposed, on-hold or
// description: unrecognised revisers, amendment = true when it joins only through AMENDS edges. Polynomial: pruning BFS
// description: walks per claim (VarLengthExpand(Pruning,BFS) + DISTINCT), never path enumeration; see docs/profile-closure.md.
// param claims: list of claim uids
// param q: the question scope, or null for each claim's own scope
// param t: the as-of time (DateTime)
UNWIND $claims AS wanted
MATCH (c:Claim {uid: wanted})
WITH c, coalesce($q, c.scope, '') AS q
// INCLUDE revision-walk (the revision closure of c for q at $t; written in rules/revision-walk.cypher)
// every edge into c or a closure claim from a non-placeholder, not void, is an edge inside the closure (the walk
// followed it): no membership test needed
UNWIND [c] + closure AS next
MATCH (next)<-[rev:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(successor:Claim)
WHERE successor <> c AND NOT coalesce(successor.placeholder, false)
  AND /*INCLUDE edge-visible(rev)*/
  AND /*INCLUDE scope-covers(rev.scope, q)*/
// INCLUDE revision-force
WITH c, q, next, successor, rev, force WHERE force <> 'VOID'
WITH c, q, successor,
     max(CASE WHEN next = c THEN 1 ELSE 0 END) = 1 AS direct,
     max(CASE WHEN force = 'IN_FORCE' THEN 1 ELSE 0 END) = 0 AS pending,
     max(CASE WHEN type(rev) <> 'AMENDS' THEN 1 ELSE 0 END) = 0 AS amendment,
     max(CASE WHEN force = 'IN_FORCE' AND type(rev) <> 'AMENDS' THEN 1 ELSE 0 END) = 1 AS retiring
CALL (successor, q) {
  OPTIONAL MATCH (successor)<-[rev:CORRECTS|SUPERSEDES|INVALIDATES]-(later:Claim)
  WHERE /*INCLUDE edge-visible(rev)*/
    AND /*INCLUDE scope-covers(rev.scope, q)*/
    AND NOT coalesce(later.placeholder, false)
  // INCLUDE revision-force
  RETURN count(CASE WHEN force = 'IN_FORCE' THEN 1 END) AS retirers
}
RETURN
  c.uid AS claim,
  successor.uid AS successor,
  direct,
  retiring AND retirers = 0 AS head,
  pending,
  amendment
ORDER BY claim, successor
;
