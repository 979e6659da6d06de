// name: revision_closure
// description: Every transitive successor of the given claims: claims that correct, supersede or invalidate them,
// description: directly or through intermediate successors, through revision edges visible at $t whose scope covers
// description: the question scope (placeholders are not followed). One row per (claim, successor): distance (edges
// description: on a shortest path) and head = true when the successor has no applicable successor of its own (a current head). Polynomial: one BFS per claim
// description: (ANY SHORTEST), never path enumeration.
// param claims: list of claim uids
// param q: the question scope, or null for each claim's own scope
// param t: the as-of time (DateTime)
UNWIND $claims AS wanted
MATCH (c:Claim {uid: wanted})
WITH c, coalesce($q, c.scope, '') AS q
MATCH path = ANY SHORTEST (c)(()<-[rev:CORRECTS|SUPERSEDES|INVALIDATES]-(later:Claim)
  WHERE (rev.valid_from IS NULL OR rev.valid_from <= $t) AND (rev.valid_to IS NULL OR rev.valid_to > $t)
    AND (coalesce(rev.scope, '') = '' OR rev.scope = q OR q STARTS WITH rev.scope + '/')
    AND NOT coalesce(later.placeholder, false))+(successor:Claim)
WHERE successor <> c
RETURN
  c.uid AS claim,
  successor.uid AS successor,
  length(path) AS distance,
  NOT EXISTS {
    MATCH (successor)<-[next:CORRECTS|SUPERSEDES|INVALIDATES]-(beyond:Claim)
    WHERE (next.valid_from IS NULL OR next.valid_from <= $t) AND (next.valid_to IS NULL OR next.valid_to > $t)
      AND (coalesce(next.scope, '') = '' OR next.scope = q OR q STARTS WITH next.scope + '/')
      AND NOT coalesce(beyond.placeholder, false)
  } AS head
ORDER BY claim, distance, successor
