// name: adjudication_revoke
// description: Revoke an adjudication from $at on: set its revoked_at and the valid_to of the edges it implies
// description: (revision edges keep -> retired; a link's DEPENDS_ON or RELATES), so status as of $at or later no longer sees them while history before $at still does.
// description: One row: adjudication, revoked_at, edges (how many implied edges were closed).
// param uid: the adjudication uid
// param at: the revocation time (DateTime)
// mode: write
MATCH (adjudication:Adjudication {uid: $uid})
SET adjudication.revoked_at = $at
WITH adjudication
CALL (adjudication) {
  OPTIONAL MATCH (adjudication)-[:KEEPS]->(:Claim)-[edge:CORRECTS|SUPERSEDES|INVALIDATES]->(:Claim)<-[:RETIRES]-(adjudication)
  WHERE edge.via = adjudication.uid
  SET edge.valid_to = $at
  RETURN count(edge) AS edges
  UNION ALL
  OPTIONAL MATCH (adjudication)-[:LINKS]->(:Claim)-[edge:DEPENDS_ON|RELATES]->(:Claim)<-[:LINKS]-(adjudication)
  WHERE edge.via = adjudication.uid
  SET edge.valid_to = $at
  RETURN count(edge) AS edges
}
WITH adjudication, sum(edges) AS edges
RETURN adjudication.uid AS adjudication, adjudication.revoked_at AS revoked_at, edges
;
