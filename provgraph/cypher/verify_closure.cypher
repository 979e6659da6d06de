// name: verify_closure
// description: The transitive successor closure of the given claims, for `provgraph verify` (as revision_closure, plus
// description: how each successor joins it): claims that correct, supersede or invalidate them, directly or through
// description: intermediate successors, through revision edges visible at $t whose scope covers the question scope.
// description: One row per (claim, successor), placeholders left out: kind, next, edge_scope and via describe one
// description: applicable edge from the successor to the claim itself (direct = true) or else to another claim of the
// description: closure; head = true when the successor has no applicable successor of its own. Polynomial: a pruning BFS per claim (var-length + DISTINCT), never path enumeration.
// param claims: list of claim uids
// param q: the question scope, or null for each claim's own scope
// param t: the as-of time (DateTime)
UNWIND $claims AS wanted
MATCH (c:Claim {uid: wanted})
WITH c, coalesce($q, c.scope, '') AS q
CALL (c, q) {
  MATCH (c)<-[revs:CORRECTS|SUPERSEDES|INVALIDATES*1..]-(successor:Claim)
  WHERE all(rev IN revs WHERE (rev.valid_from IS NULL OR rev.valid_from <= $t) AND (rev.valid_to IS NULL OR rev.valid_to > $t)
      AND (coalesce(rev.scope, '') = '' OR rev.scope = q OR q STARTS WITH rev.scope + '/'))
  RETURN collect(DISTINCT successor) AS closure
}
UNWIND closure AS successor
WITH c, q, closure, successor
WHERE successor <> c AND NOT coalesce(successor.placeholder, false)
CALL (c, q, closure, successor) {
  MATCH (successor)-[edge:CORRECTS|SUPERSEDES|INVALIDATES]->(next:Claim)
  WHERE (edge.valid_from IS NULL OR edge.valid_from <= $t) AND (edge.valid_to IS NULL OR edge.valid_to > $t)
    AND (coalesce(edge.scope, '') = '' OR edge.scope = q OR q STARTS WITH edge.scope + '/')
    AND (next = c OR next IN closure)
  RETURN edge, next ORDER BY next = c DESC, next.uid, type(edge) LIMIT 1
}
RETURN
  c.uid AS claim,
  successor.uid AS successor,
  next = c AS direct,
  type(edge) AS kind,
  next.uid AS next,
  coalesce(edge.scope, '') AS edge_scope,
  coalesce(edge.via, '') AS via,
  NOT EXISTS {
    MATCH (successor)<-[beyond:CORRECTS|SUPERSEDES|INVALIDATES]-(later:Claim)
    WHERE (beyond.valid_from IS NULL OR beyond.valid_from <= $t) AND (beyond.valid_to IS NULL OR beyond.valid_to > $t)
      AND (coalesce(beyond.scope, '') = '' OR beyond.scope = q OR q STARTS WITH beyond.scope + '/')
      AND NOT coalesce(later.placeholder, false)
  } AS head
ORDER BY claim, successor
;
