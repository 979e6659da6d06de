// name: one_sided_links
// description: One-sided links: a SUPERSEDES, CORRECTS or AMENDS edge between two claims of Markdown sources that only one of
// description: the two sources records (edge.sources has one entry, the other end's file says nothing). Returns
// description: successor, predecessor, kind, recorded_by (the source that records it), missing_from (the other
// description: end's sources) and both claims' scopes. Only edges still recorded today (valid_to null).
MATCH (successor:Claim)-[edge:SUPERSEDES|CORRECTS|AMENDS]->(predecessor:Claim)
WHERE coalesce(edge.via, '') = '' AND size(coalesce(edge.sources, [])) = 1 AND edge.valid_to IS NULL
WITH successor, predecessor, edge, edge.sources[0] AS recorded_by,
     COLLECT { MATCH (successor)-[:CITED_AT]->(:Snapshot)-[:OF]->(s:Source {kind: 'markdown'}) RETURN DISTINCT s.uid } AS successor_sources,
     COLLECT { MATCH (predecessor)-[:CITED_AT]->(:Snapshot)-[:OF]->(s:Source {kind: 'markdown'}) RETURN DISTINCT s.uid } AS predecessor_sources
WHERE size(successor_sources) > 0 AND size(predecessor_sources) > 0
WITH successor, predecessor, edge, recorded_by,
     CASE WHEN recorded_by IN successor_sources THEN predecessor_sources ELSE successor_sources END AS other_sources
WITH successor, predecessor, edge, recorded_by, [s IN other_sources WHERE s <> recorded_by] AS missing_from
WHERE size(missing_from) > 0
RETURN successor.uid AS successor, predecessor.uid AS predecessor, type(edge) AS kind, recorded_by, missing_from,
       coalesce(successor.scope, '') AS successor_scope, coalesce(predecessor.scope, '') AS predecessor_scope
ORDER BY successor, predecessor, kind
;
