// name: site_edges
// plan: kept
// description: Every edge between two claims that a decision page draws, visible at $t (valid_from <= $t and not
// description: closed by then): revisions, amendments, premises, conflicts and lineage links, with kind, verb, scope
// description: and via (the adjudication that made it, '' for a recorded edge). Sorted by source, kind, target.
// param t: the as-of time (DateTime)
MATCH (a:Claim)-[r:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS|DEPENDS_ON|CONFLICTS_WITH|RELATES]->(b:Claim)
WHERE coalesce(r.valid_from, $t) <= $t AND (r.valid_to IS NULL OR r.valid_to > $t)
RETURN a.uid AS source, b.uid AS target, type(r) AS kind, r.verb AS verb, r.scope AS scope, coalesce(r.via, '') AS via
ORDER BY source, kind, target
;
