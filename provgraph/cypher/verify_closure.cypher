// name: verify_closure
// description: The transitive successor closure of the given claims, for `provgraph verify` (as revision_closure, plus
// description: how each successor was reached): claims that correct, supersede or invalidate them, directly or through
// description: intermediate successors, through revision edges visible at $t whose scope covers the question scope
// description: (placeholders are not followed). One row per (claim, successor): distance, kind (the revision edge
// description: leaving the successor on a shortest path), next (the claim that edge points at), edge_scope, via
// description: (adjudication uid or ''). Polynomial: one BFS per claim (ANY SHORTEST), never path enumeration.
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
WITH c, successor, path, last(relationships(path)) AS edge
RETURN
  c.uid AS claim,
  successor.uid AS successor,
  length(path) AS distance,
  type(edge) AS kind,
  endNode(edge).uid AS next,
  coalesce(edge.scope, '') AS edge_scope,
  coalesce(edge.via, '') AS via
ORDER BY claim, distance, successor
