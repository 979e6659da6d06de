// name: status_closure
// description: The successor closure each claim's stored status keeps (write time, provgraph/engine/stored_status.py):
// description: for the default question (q = the claim's own scope) at $t, what verify_requests needs, as parallel
// description: lists in successor-uid order. One row per claim: claim, q, successors, directs, kinds, nexts,
// description: edge_scopes, vias, heads, forces (rules/closure-values.cypher).
// param claims: list of claim uids
// param t: the time the closure is computed for (DateTime)
UNWIND $claims AS uid
MATCH (c:Claim {uid: uid})
USING INDEX c:Claim(uid)
WITH c, coalesce(c.scope, '') AS q
CALL (c, q) {
  // INCLUDE closure-values
  WITH successor, direct, kind, next, edgeScope, via, head, force
  ORDER BY successor
  RETURN collect(successor) AS successors, collect(direct) AS directs, collect(kind) AS kinds, collect(next) AS nexts,
         collect(edgeScope) AS edge_scopes, collect(via) AS vias, collect(head) AS heads, collect(force) AS forces
}
RETURN c.uid AS claim, q, successors, directs, kinds, nexts, edge_scopes, vias, heads, forces
;
