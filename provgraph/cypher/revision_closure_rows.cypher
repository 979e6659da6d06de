// name: revision_closure_rows
// plan: kept
// description: For each claim whose status rows are about to be stored (status_store), its revision closure for its
// description: own scope at $t, kept with the status so that verify reads it instead of walking it (rules/closure-kept):
// description: claim, scope (coalesce(c.scope, ''), the question scope verify asks it for), rows (as rules/closure-rows,
// description: sorted by successor) and expires: the earliest instant after $t at which a time the closure compares
// description: with $t changes side, among the claim and every claim that reaches it through revision or amendment
// description: edges at any time and in any scope (the window of every such edge into them, revised_at and until of
// description: every snapshot those reaching claims cite: the revisers' declared words), null when nothing is pending; edge_scopes:
// description: the non-empty scopes of those edges (the closure for another question scope is the same when each of
// description: them covers both alike). rows is null
// description: when more than $limit claims reach the claim (not kept: its closure is walked when read). A write
// description: that changes any of that touches one of those claims, and the write-time pass marks stale the kept
// description: closure of every claim they reach (revision_closure_mark_stale).
// param claims: list of claim uids
// param t: the time the statuses are computed for (DateTime)
// param limit: how many claims may reach a claim for its closure to be kept
UNWIND $claims AS uid
MATCH (c:Claim {uid: uid})
USING INDEX c:Claim(uid)
WITH c, coalesce(c.scope, '') AS q
CALL (c) {
  MATCH (c)<-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]-(y:Claim)
  WITH DISTINCT y LIMIT $limit + 1
  RETURN collect(y) AS reach
}
WITH c, q, CASE WHEN size(reach) > $limit THEN null ELSE reach END AS reach
// a claim nothing reaches has an empty closure whatever the time: no walk, no expiry
CALL (c, q, reach) {
  WITH c, q WHERE size(reach) > 0
  // INCLUDE revision-walk (the revision closure of c for q at $t; written in rules/revision-walk.cypher)
  // INCLUDE closure-rows (one row per successor of c for q at $t; written in rules/closure-rows.cypher)
  WITH row ORDER BY row.successor
  RETURN collect(row) AS rows
}
CALL (c, reach) {
  WITH c, reach WHERE size(reach) > 0
  UNWIND [c] + reach AS y
  CALL (y, c) {
    MATCH (y)<-[edge:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(:Claim)
    UNWIND [edge.valid_from, edge.valid_to] AS moment
    RETURN moment
    UNION ALL
    // a reviser's declared word then (its force); the claim's own is not read by its closure
    WITH y, c WHERE y <> c
    MATCH (y)-[:CITED_AT]->(snap:Snapshot)
    UNWIND [snap.revised_at, snap.until] AS moment
    RETURN moment
  }
  WITH moment
  WHERE moment > $t
  RETURN min(moment) AS expires
}
CALL (c, reach) {
  WITH c, reach WHERE size(reach) > 0
  UNWIND [c] + reach AS y
  MATCH (y)<-[edge:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(:Claim)
  WITH DISTINCT edge.scope AS edgeScope
  WHERE coalesce(edgeScope, '') <> ''
  RETURN collect(edgeScope) AS edgeScopes
}
RETURN c.uid AS claim, q AS scope, CASE WHEN reach IS NULL THEN null ELSE rows END AS rows, expires,
  edgeScopes AS edge_scopes
;
