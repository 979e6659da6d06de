// name: unresolved_references
// description: Placeholders: claims that records refer to but that were never ingested (status UNKNOWN/UNBOUND), each
// description: with every claim that points at it, the edge kind (CORRECTS, SUPERSEDES, DEPENDS_ON, ...) and the
// description: sources that record the reference. Sorted by placeholder, then referrer.
MATCH (placeholder:Claim {placeholder: true})
OPTIONAL MATCH (referrer:Claim)-[edge]->(placeholder)
WHERE type(edge) IN ['CORRECTS', 'SUPERSEDES', 'INVALIDATES', 'AMENDS', 'CONFLICTS_WITH', 'DEPENDS_ON', 'RELATES']
RETURN placeholder.uid AS placeholder, referrer.uid AS referrer, type(edge) AS kind, edge.verb AS verb,
       edge.sources AS recorded_by
ORDER BY placeholder, referrer, kind
;
