// name: revision_cycles
// description: Claims that lie on a cycle of CORRECTS/SUPERSEDES edges visible at $t whose scope covers the
// description: question scope (status rule 5, REVISION_CYCLE), with the claims on one shortest such cycle.
// param q: the question scope, or null for each claim's own scope
// param t: the as-of time (DateTime)
MATCH (c:Claim)
WHERE EXISTS { (c)-[:CORRECTS|SUPERSEDES]->(:Claim) } AND EXISTS { (c)<-[:CORRECTS|SUPERSEDES]-(:Claim) }
WITH c, coalesce($q, c.scope, '') AS q
MATCH cycle = ANY SHORTEST (c)(()-[loop:CORRECTS|SUPERSEDES]->()
  WHERE (loop.valid_from IS NULL OR loop.valid_from <= $t) AND (loop.valid_to IS NULL OR loop.valid_to > $t)
    AND (coalesce(loop.scope, '') = '' OR loop.scope = q OR q STARTS WITH loop.scope + '/'))+(c)
RETURN c.uid AS claim, [n IN nodes(cycle) | n.uid] AS cycle
ORDER BY claim
