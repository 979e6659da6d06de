// name: export_adjudications
// description: One page of adjudications for `provgraph export`, by uid after $after (keyset paging): uid,
// description: decided_at, by, why, policy, kind ('distinct' for a dismissed suspect pair), scope, revoked_at, and the
// description: claims it keeps, retires and (kind 'distinct') distinguishes, and (kind 'relates' or 'depends_on') links:
// description: [source, target] of the edge it implies.
// param after: the last adjudication uid of the previous page, or null for the first page
// param page: how many rows to return
MATCH (adjudication:Adjudication)
WHERE $after IS NULL OR adjudication.uid > $after
WITH adjudication ORDER BY adjudication.uid LIMIT $page
RETURN adjudication.uid AS uid, adjudication.decided_at AS decided_at, adjudication.by AS by, adjudication.why AS why,
       adjudication.policy AS policy, adjudication.kind AS kind, adjudication.scope AS scope,
       adjudication.revoked_at AS revoked_at,
       COLLECT { MATCH (adjudication)-[:DISTINGUISHES]->(claim:Claim) RETURN claim.uid ORDER BY claim.uid } AS distinct,
       COLLECT { MATCH (adjudication)-[:KEEPS]->(kept:Claim) RETURN kept.uid ORDER BY kept.uid } AS keeps,
       COLLECT { MATCH (adjudication)-[:RETIRES]->(retired:Claim) RETURN retired.uid ORDER BY retired.uid } AS retires,
       COLLECT { MATCH (adjudication)-[:LINKS]->(source:Claim)-[edge:DEPENDS_ON|RELATES]->(target:Claim)<-[:LINKS]-(adjudication)
                 WHERE edge.via = adjudication.uid RETURN [source.uid, target.uid] } AS links
ORDER BY uid
;
