// name: status_affected
// description: The claims whose status for the default question (own scope, now) a write can change, given what it
// description: touched: the seed claims and every claim the touched sources' snapshots cite; their neighbours through
// description: any claim-to-claim edge (edges written, moved or re-windowed); the claims those revise, however far (their
// description: kept successor closures reach them), and every claim that reaches them through revision edges (rules 5 and 6); the rivals and explicit conflict
// description: partners of all those, by any subject they have ever been cited with (rule 10); and every claim that
// description: depends on one of them through DEPENDS_ON (rule 11). Untimed and unscoped, so a superset: the inverse of
// description: what status_expiry reads for a claim's expiry. One row per claim: claim (uid), sorted, and deep = its
// description: status reads more than $limit claims through one kind of link (revision reach for rule 5, its successor
// description: closure, premises, claims about its subject), so its status is not stored but computed when read (a bounded count each).
// param seeds: list of claim uids the write touched
// param sources: list of source uids the write added snapshots to
// param limit: how many claims one kind of link may reach before a claim's status is too costly to store
CALL () {
  UNWIND $seeds AS seed
  MATCH (c:Claim {uid: seed})
  USING INDEX c:Claim(uid)
  RETURN c
  UNION
  UNWIND $sources AS source_uid
  MATCH (:Source {uid: source_uid})<-[:OF]-(:Snapshot)<-[:CITED_AT]-(c:Claim)
  RETURN c
}
WITH DISTINCT c
CALL (c) {
  RETURN c AS w
  UNION
  MATCH (c)-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS|CONFLICTS_WITH|DEPENDS_ON]-(w:Claim)
  RETURN w
}
WITH DISTINCT w
CALL (w) {
  RETURN w AS r
  UNION
  MATCH (w)-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]->(r:Claim)
  RETURN DISTINCT r
  UNION
  MATCH (w)<-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]-(r:Claim)
  RETURN DISTINCT r
}
WITH DISTINCT r
CALL (r) {
  RETURN r AS o
  UNION
  MATCH (r)-[:CONFLICTS_WITH]-(o:Claim)
  RETURN o
  UNION
  UNWIND [about IN [r.subject] + COLLECT { MATCH (r)-[cited:CITED_AT]->(:Snapshot) RETURN cited.subject }
          WHERE about IS NOT NULL AND about <> ''] AS about
  MATCH (o:Claim {subject: about})
  USING INDEX o:Claim(subject)
  RETURN o
}
WITH DISTINCT o
CALL (o) {
  RETURN o AS a
  UNION
  MATCH (o)<-[:DEPENDS_ON*1..]-(a:Claim)
  RETURN DISTINCT a
}
WITH DISTINCT a
WITH a,
  COUNT { MATCH (a)-[:CORRECTS|SUPERSEDES*1..]->(x:Claim) WITH DISTINCT x LIMIT $limit + 1 RETURN x } > $limit
  OR COUNT { MATCH (a)<-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]-(x:Claim) WITH DISTINCT x LIMIT $limit + 1 RETURN x } > $limit
  OR COUNT { MATCH (a)-[:DEPENDS_ON*1..]->(x:Claim) WITH DISTINCT x LIMIT $limit + 1 RETURN x } > $limit
  OR (coalesce(a.subject, '') <> '' AND COUNT { MATCH (x:Claim {subject: a.subject}) WITH x LIMIT $limit + 1 RETURN x } > $limit)
  AS deep
RETURN a.uid AS claim, deep
ORDER BY claim
;
