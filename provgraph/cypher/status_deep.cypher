// name: status_deep
// plan: kept
// description: For the given claims, the last part of status_affected alone (no search for what a write affects): deep =
// description: its status reads more than $limit claims through one kind of link (revision reach for rule 5 when the
// description: claim has no revision rank, claims about its subject that no revision edge retires), so its status is
// description: not stored but computed when read; chained = more than $limit premises. For a load into an empty graph,
// description: whose claims are every claim there is and all affected (provgraph/engine/stored_status.py `settle_load`).
// description: One row per claim found: claim (uid), deep, chained, sorted by claim.
// param claims: list of claim uids
// param limit: how many claims one kind of link may reach before a claim's status is too costly to store
UNWIND $claims AS uid
MATCH (a:Claim {uid: uid})
USING INDEX a:Claim(uid)
WITH collect(DISTINCT a) AS found
// the subjects whose claims no revision edge retires are more than $limit: counted once per subject, not per claim
CALL (found) {
  UNWIND found AS a
  WITH DISTINCT a.subject AS about
  WHERE coalesce(about, '') <> '' AND COUNT {
    MATCH (x:Claim {subject: about})
    WHERE NOT EXISTS { (x)<-[:CORRECTS|SUPERSEDES|INVALIDATES]-(:Claim) }
    WITH x LIMIT $limit + 1 RETURN x } > $limit
  RETURN collect(about) AS crowded
}
UNWIND found AS a
WITH a,
  (a.revision_rank IS NULL
   AND COUNT { MATCH (a)-[:CORRECTS|SUPERSEDES*1..]->(x:Claim) WITH DISTINCT x LIMIT $limit + 1 RETURN x } > $limit)
  OR coalesce(a.subject, '') IN crowded
  AS deep
RETURN a.uid AS claim, deep,
  COUNT { MATCH (a)-[:DEPENDS_ON*1..]->(x:Claim) WITH DISTINCT x LIMIT $limit + 1 RETURN x } > $limit AS chained
ORDER BY claim
;
