// name: site_edges
// plan: kept
// description: Every edge between two claims that a decision page draws, touching one of $claims (null: every claim),
// description: not closed by $t (valid_to null or after $t): revisions, amendments, premises, conflicts and lineage
// description: links, with kind, verb, scope, via (the adjudication that made it, '' for a recorded edge) and when
// description: it is visible from and until (epoch microseconds, null: always, never closed): a caller draws those
// description: visible at $t and keeps the rest for the instant they become so. An edge is one row. Sorted by source,
// description: kind, target, verb, scope, via.
// param t: the as-of time (DateTime)
// param claims: only the edges touching these claim uids, or null for every edge
CALL () {
  // INCLUDE site-claims (every claim, or those of $claims)
}
MATCH (c)-[r:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS|DEPENDS_ON|CONFLICTS_WITH|RELATES]-(:Claim)
WHERE (r.valid_to IS NULL OR r.valid_to > $t) AND ($claims IS NOT NULL OR startNode(r) = c)
WITH DISTINCT r
WITH startNode(r).uid AS source, endNode(r).uid AS target, type(r) AS kind, r.verb AS verb, r.scope AS scope,
     coalesce(r.via, '') AS via, /*INCLUDE epoch-us(r.valid_from)*/ AS valid_from, /*INCLUDE epoch-us(r.valid_to)*/ AS valid_to
RETURN source, target, kind, verb, scope, via, valid_from, valid_to
ORDER BY source, kind, target, verb, scope, via
;
