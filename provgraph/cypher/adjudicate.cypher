// name: adjudicate
// description: Record an adjudication: an Adjudication node that KEEPS one claim and RETIRES others, and for each
// description: retired claim the SUPERSEDES edge keep -> retired it implies (via = the adjudication uid, valid_from =
// description: decided_at, valid_to = revoked_at, scope = the adjudication's scope), as docs/schema.md describes.
// description: Idempotent: the same uid writes nothing new. One row: adjudication, scope, decided_at, edges.
// param uid: the adjudication uid (adj:<short hash>)
// param keep: the kept claim's uid
// param retire: list of retired claim uids
// param scope: the scope the decision applies to, or null for the kept claim's scope
// param at: decided_at (DateTime)
// param by: who decided
// param why: why
// mode: write
MATCH (kept:Claim {uid: $keep})
MERGE (adjudication:Adjudication {uid: $uid})
  ON CREATE SET adjudication.decided_at = $at, adjudication.by = $by, adjudication.why = $why,
                adjudication.scope = coalesce($scope, kept.scope, '')
MERGE (adjudication)-[:KEEPS]->(kept)
WITH adjudication, kept
CALL (adjudication, kept) {
  UNWIND $retire AS retired_uid
  MATCH (retired:Claim {uid: retired_uid})
  MERGE (adjudication)-[:RETIRES]->(retired)
  MERGE (kept)-[edge:SUPERSEDES {via: adjudication.uid}]->(retired)
    ON CREATE SET edge.asserted_at = adjudication.decided_at, edge.recorded_in = [], edge.sources = []
  SET edge.valid_from = adjudication.decided_at, edge.valid_to = adjudication.revoked_at, edge.scope = adjudication.scope
  RETURN count(edge) AS edges
}
RETURN adjudication.uid AS adjudication, adjudication.scope AS scope, adjudication.decided_at AS decided_at, edges
;
