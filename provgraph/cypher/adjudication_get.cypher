// name: adjudication_get
// description: One adjudication by uid: decided_at, revoked_at, by, why, policy, scope, and the claims it keeps and
// description: retires, the claims it marks distinct, and links: the [source, target] of the edge a link implies. No row when there is no such adjudication.
// param uid: the adjudication uid
MATCH (adjudication:Adjudication {uid: $uid})
RETURN adjudication.uid AS adjudication, adjudication.decided_at AS decided_at, adjudication.revoked_at AS revoked_at,
       adjudication.by AS by, adjudication.why AS why, adjudication.policy AS policy, adjudication.scope AS scope,
       COLLECT { MATCH (adjudication)-[:KEEPS]->(kept:Claim) RETURN kept.uid ORDER BY kept.uid } AS keeps,
       COLLECT { MATCH (adjudication)-[:RETIRES]->(retired:Claim) RETURN retired.uid ORDER BY retired.uid } AS retires,
       adjudication.kind AS kind,
       COLLECT { MATCH (adjudication)-[:DISTINGUISHES]->(claim:Claim) RETURN claim.uid ORDER BY claim.uid } AS distinct,
       COLLECT { MATCH (adjudication)-[:LINKS]->(source:Claim)-[edge:DEPENDS_ON|RELATES]->(target:Claim)<-[:LINKS]-(adjudication)
                 WHERE edge.via = adjudication.uid RETURN [source.uid, target.uid] } AS links
;
