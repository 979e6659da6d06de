// name: lineage_picture
// description: Neo4j Browser's picture of one claim's lineage: provgraph.browser puts the `lineage` query (a static
// description: file too) in place of the LINEAGE line, so the claims, edges and citations are exactly the ones
// description: `provgraph lineage` reports; the rest only fetches them as nodes and relationships to draw.
// param claim: the claim uid (used by the lineage query)
// param q: the question scope, or null for the claim's own scope (used by the lineage query)
// param t: the as-of time (DateTime) (used by the lineage query)
CALL () {
  LINEAGE
}
WITH claim, nodes, edges, citations
CALL (nodes) {
  UNWIND nodes AS uid
  MATCH (n:Claim {uid: uid})
  RETURN collect(n) AS claims
}
CALL (edges) {
  UNWIND edges AS e
  MATCH (:Claim {uid: e.from})-[r]->(:Claim {uid: e.to})
  WHERE type(r) = e.kind
    AND (r.valid_from = e.valid_from OR (r.valid_from IS NULL AND e.valid_from IS NULL))
    AND (r.valid_to = e.valid_to OR (r.valid_to IS NULL AND e.valid_to IS NULL))
  RETURN collect(DISTINCT r) AS links
}
CALL (citations) {
  UNWIND citations AS cite
  MATCH (:Claim {uid: cite.claim})-[cited:CITED_AT]->(snap:Snapshot {uid: cite.snapshot_uid})-[of:OF]->(source:Source)
  RETURN collect(DISTINCT cited) + collect(DISTINCT of) AS sourcing, collect(DISTINCT snap) + collect(DISTINCT source) AS sources
}
RETURN claims, links, sources, sourcing
