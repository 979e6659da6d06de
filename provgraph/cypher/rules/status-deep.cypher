// Which of the claims `a` (one row each, distinct) are too costly to store a status for, ending the query with one
// row per claim, sorted by claim: claim (uid); deep = its status reads more than $limit claims through one kind of
// link (revision reach for rule 5 when it has no revision rank; claims about its subject that no revision edge
// retires), so it is computed when read, not stored; chained = more than $limit premises (stored bottom-up).
// the subjects whose claims no revision edge retires are more than $limit: counted once per subject, not per claim
WITH collect(a) AS found
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
// the revision reach only when rule 5 walks it (no revision rank); on the subject, only the claims no revision edge
// retires (those with one cost rule 10 one look at their revisers, and their own status reads no rival)
WITH a,
  (a.revision_rank IS NULL
   AND COUNT { MATCH (a)-[:CORRECTS|SUPERSEDES*1..]->(x:Claim) WITH DISTINCT x LIMIT $limit + 1 RETURN x } > $limit)
  OR coalesce(a.subject, '') IN crowded
  AS deep
// the premises apart: a pass that stores a chain from the bottom up walks each claim only to the premise below it
RETURN a.uid AS claim, deep,
  COUNT { MATCH (a)-[:DEPENDS_ON*1..]->(x:Claim) WITH DISTINCT x LIMIT $limit + 1 RETURN x } > $limit AS chained
ORDER BY claim
