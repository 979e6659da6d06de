// name: adjudicate_distinct
// description: Record that two claims are not the same matter (`provgraph adjudicate --distinct A B`): an Adjudication
// description: node with kind 'distinct' that DISTINGUISHES both claims. It implies no edge and changes no status; from
// description: decided_at until revoked_at `provgraph suspects` never suggests the pair. Idempotent: the same uid writes
// description: nothing new. One row: adjudication, scope, decided_at, claims.
// param uid: the adjudication uid (adj:<short hash>)
// param claims: the two claim uids
// param at: decided_at (DateTime)
// param by: who decided
// param why: why
// mode: write
MERGE (adjudication:Adjudication {uid: $uid})
  ON CREATE SET adjudication.decided_at = $at, adjudication.by = $by, adjudication.why = $why,
                adjudication.kind = 'distinct', adjudication.scope = ''
WITH adjudication
CALL (adjudication) {
  UNWIND $claims AS claim_uid
  MATCH (claim:Claim {uid: claim_uid})
  MERGE (adjudication)-[:DISTINGUISHES]->(claim)
  RETURN count(claim) AS claims
}
RETURN adjudication.uid AS adjudication, adjudication.scope AS scope, adjudication.decided_at AS decided_at, claims
;
