// The revision closure of claim `c` for question scope `q` at $t, one row per successor, as the map `row`:
// successor (uid), direct (it revises c itself), kind, next (the uid of the claim it revises) and edge_scope, via
// of the edge shown (to c itself first, in force first), force (IN_FORCE or PENDING) and head (in force, no
// amendment, and no in-force reviser retires it). Needs c, q and `closure` (rules/revision-walk, included just
// before it); keeps c and q.
// every edge into c or a closure claim from a non-placeholder, not void, is an edge inside the closure (the walk
// followed it): no membership test needed. Per successor the edge shown: to c itself first, in force first
UNWIND [c] + closure AS next
MATCH (next)<-[rev:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(successor:Claim)
WHERE successor <> c AND NOT coalesce(successor.placeholder, false)
  AND /*INCLUDE edge-visible(rev)*/
  AND /*INCLUDE scope-covers(rev.scope, q)*/
// INCLUDE revision-force
WITH c, q, next, successor, rev, force WHERE force <> 'VOID'
ORDER BY next = c DESC, force, next.uid, type(rev)
WITH c, q, successor, head(collect({edge: rev, next: next, force: force})) AS chosen
WITH c, q, successor, chosen.edge AS edge, chosen.next AS next, chosen.force AS edgeForce
CALL (successor, q) {
  OPTIONAL MATCH (successor)<-[rev:CORRECTS|SUPERSEDES|INVALIDATES]-(later:Claim)
  WHERE /*INCLUDE edge-visible(rev)*/
    AND /*INCLUDE scope-covers(rev.scope, q)*/
    AND NOT coalesce(later.placeholder, false)
  // INCLUDE revision-force
  RETURN count(CASE WHEN force = 'IN_FORCE' THEN 1 END) AS retirers
}
WITH c, q, {
  successor: successor.uid,
  direct: next = c,
  kind: type(edge),
  next: next.uid,
  edge_scope: coalesce(edge.scope, ''),
  via: coalesce(edge.via, ''),
  head: edgeForce = 'IN_FORCE' AND type(edge) <> 'AMENDS' AND retirers = 0,
  force: edgeForce
} AS row
