// name: verify_closure
// description: The revision closure of the given claims, for `provgraph verify` (as revision_closure, plus how each
// description: successor joins it): claims that correct, supersede, invalidate or amend them, directly or through
// description: intermediate successors, through edges visible at $t whose scope covers the question scope, leaving out
// description: edges whose reviser is rejected or withdrawn at $t (they revise nothing). One row per (claim, successor),
// description: placeholders left out: kind (CORRECTS, SUPERSEDES, INVALIDATES or AMENDS), next, edge_scope, via and
// description: force (IN_FORCE, or PENDING for a proposed, on-hold or unrecognised reviser) describe one applicable edge
// description: from the successor to the claim itself (direct = true) or else to another claim of the closure; head =
// description: true when the successor retires what it revises (in force, not an amendment) and nothing in force
// description: retires it. Polynomial: pruning BFS walks per claim (var-length + DISTINCT), never path enumeration.
// param claims: list of claim uids
// param q: the question scope, or null for each claim's own scope
// param t: the as-of time (DateTime)
UNWIND $claims AS wanted
MATCH (c:Claim {uid: wanted})
WITH c, coalesce($q, c.scope, '') AS q
// INCLUDE revision-walk (the revision closure of c for q at $t; written in rules/revision-walk.cypher)
// INCLUDE closure-rows (one row per successor of c for q at $t; written in rules/closure-rows.cypher)
RETURN c.uid AS claim, row.successor AS successor, row.direct AS direct, row.kind AS kind, row.next AS next,
  row.edge_scope AS edge_scope, row.via AS via, row.head AS head, row.force AS force
ORDER BY claim, successor
;
