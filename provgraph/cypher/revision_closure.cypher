// name: revision_closure
// description: Every transitive successor of the given claims: claims that correct, supersede or invalidate them,
// description: directly or through intermediate successors, through revision edges visible at $t whose scope covers
// description: the question scope. One row per (claim, successor), placeholders left out: direct = true when an
// description: edge joins them, head = true when the successor has no applicable successor of its own (a current
// description: head). Polynomial: a pruning BFS per claim (VarLengthExpand(Pruning,BFS) + DISTINCT), never path
// description: enumeration; see docs/profile-closure.md.
// param claims: list of claim uids
// param q: the question scope, or null for each claim's own scope
// param t: the as-of time (DateTime)
UNWIND $claims AS wanted
MATCH (c:Claim {uid: wanted})
WITH c, coalesce($q, c.scope, '') AS q
MATCH (c)<-[revs:CORRECTS|SUPERSEDES|INVALIDATES*1..]-(successor:Claim)
WHERE all(rev IN revs WHERE (rev.valid_from IS NULL OR rev.valid_from <= $t) AND (rev.valid_to IS NULL OR rev.valid_to > $t)
    AND (coalesce(rev.scope, '') = '' OR rev.scope = q OR q STARTS WITH rev.scope + '/'))
WITH DISTINCT c, q, successor
WHERE successor <> c AND NOT coalesce(successor.placeholder, false)
RETURN
  c.uid AS claim,
  successor.uid AS successor,
  EXISTS {
    MATCH (c)<-[direct:CORRECTS|SUPERSEDES|INVALIDATES]-(successor)
    WHERE (direct.valid_from IS NULL OR direct.valid_from <= $t) AND (direct.valid_to IS NULL OR direct.valid_to > $t)
      AND (coalesce(direct.scope, '') = '' OR direct.scope = q OR q STARTS WITH direct.scope + '/')
  } AS direct,
  NOT EXISTS {
    MATCH (successor)<-[next:CORRECTS|SUPERSEDES|INVALIDATES]-(beyond:Claim)
    WHERE (next.valid_from IS NULL OR next.valid_from <= $t) AND (next.valid_to IS NULL OR next.valid_to > $t)
      AND (coalesce(next.scope, '') = '' OR next.scope = q OR q STARTS WITH next.scope + '/')
      AND NOT coalesce(beyond.placeholder, false)
  } AS head
ORDER BY claim, successor
;
