// name: adjudicate_link
// description: Record an adjudication that links two claims (a suspect confirmed as related or as a premise rather
// description: than a revision): an Adjudication of kind 'relates' or 'depends_on' that LINKS both claims, and the
// description: edge it implies, $source -> $target (RELATES with verb 'relates', or DEPENDS_ON: $source rests on
// description: $target), with via = the adjudication uid, valid_from = decided_at, valid_to = revoked_at and scope =
// description: the adjudication's scope. Idempotent: the same uid writes nothing new. One row: adjudication, scope,
// description: decided_at, edges.
// param uid: the adjudication uid (adj:<short hash>)
// param kind: 'relates' or 'depends_on'
// param source: the uid of the claim the edge starts from
// param target: the uid of the claim it points to
// param scope: the scope the decision applies to, or null for the source claim's scope
// param at: decided_at (DateTime)
// param by: who decided
// param why: why
// mode: write
MATCH (source:Claim {uid: $source}), (target:Claim {uid: $target})
MERGE (adjudication:Adjudication {uid: $uid})
  ON CREATE SET adjudication.decided_at = $at, adjudication.by = $by, adjudication.why = $why, adjudication.kind = $kind,
                adjudication.scope = coalesce($scope, source.scope, '')
MERGE (adjudication)-[:LINKS]->(source)
MERGE (adjudication)-[:LINKS]->(target)
WITH adjudication, source, target
CALL (adjudication, source, target) {
  WITH adjudication, source, target WHERE $kind = 'depends_on'
  MERGE (source)-[edge:DEPENDS_ON {via: adjudication.uid}]->(target)
    ON CREATE SET edge.asserted_at = adjudication.decided_at, edge.recorded_in = [], edge.sources = []
  SET edge.valid_from = adjudication.decided_at, edge.valid_to = adjudication.revoked_at, edge.scope = adjudication.scope
  RETURN count(edge) AS edges
  UNION ALL
  WITH adjudication, source, target WHERE $kind = 'relates'
  MERGE (source)-[edge:RELATES {via: adjudication.uid, verb: 'relates'}]->(target)
    ON CREATE SET edge.asserted_at = adjudication.decided_at, edge.recorded_in = [], edge.sources = []
  SET edge.valid_from = adjudication.decided_at, edge.valid_to = adjudication.revoked_at, edge.scope = adjudication.scope
  RETURN count(edge) AS edges
}
WITH adjudication, sum(edges) AS edges
RETURN adjudication.uid AS adjudication, adjudication.scope AS scope, adjudication.decided_at AS decided_at, edges
;
