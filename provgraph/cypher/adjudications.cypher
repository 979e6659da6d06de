// name: adjudications
// description: Who adjudicated what: every adjudication, newest first, with decided_at, by, why, policy (automatic
// description: ones), scope, revoked_at (null = in force), and the claims it keeps and retires; kind 'distinct' and the two claims for a dismissed suspect pair;
// description: kind 'relates' or 'depends_on' and links: [source, target] of the edge a confirmed link implies.
MATCH (adjudication:Adjudication)
RETURN adjudication.uid AS adjudication, adjudication.decided_at AS decided_at, adjudication.by AS by,
       adjudication.why AS why, adjudication.policy AS policy, adjudication.scope AS scope,
       adjudication.revoked_at AS revoked_at,
       COLLECT { MATCH (adjudication)-[:KEEPS]->(kept:Claim) RETURN kept.uid ORDER BY kept.uid } AS keeps,
       COLLECT { MATCH (adjudication)-[:RETIRES]->(retired:Claim) RETURN retired.uid ORDER BY retired.uid } AS retires,
       adjudication.kind AS kind,
       COLLECT { MATCH (adjudication)-[:DISTINGUISHES]->(claim:Claim) RETURN claim.uid ORDER BY claim.uid } AS distinct,
       COLLECT { MATCH (adjudication)-[:LINKS]->(source:Claim)-[edge:DEPENDS_ON|RELATES]->(target:Claim)<-[:LINKS]-(adjudication)
                 WHERE edge.via = adjudication.uid RETURN [source.uid, target.uid] } AS links
ORDER BY decided_at DESC, adjudication
;
