// name: revision_closure
// description: Every transitive successor of the given claims: claims that correct, supersede, invalidate or amend
// description: them, directly or through intermediate successors, through edges visible at $t whose scope covers the
// description: question scope, leaving out edges whose reviser is rejected or withdrawn at $t (they revise nothing).
// description: One row per (claim, successor), placeholders left out: direct = true when an edge joins them, head = true
// description: when the successor is a current head (it retires what it revises, in force and not an amendment, and
// description: nothing in force retires it), pending = true when it joins only through proposed, on-hold or
// description: unrecognised revisers, amendment = true when it joins only through AMENDS edges. Polynomial: pruning BFS
// description: walks per claim (VarLengthExpand(Pruning,BFS) + DISTINCT), never path enumeration; see docs/profile-closure.md.
// param claims: list of claim uids
// param q: the question scope, or null for each claim's own scope
// param t: the as-of time (DateTime)
UNWIND $claims AS wanted
MATCH (c:Claim {uid: wanted})
WITH c, coalesce($q, c.scope, '') AS q
// BEGIN revision-walk (the revision closure of c for q at $t; written in rules/revision-walk.cypher)
CALL (c, q) {
  // every claim the revision and amendment edges visible at $t for q reach from c (a pruning BFS: MATCH + DISTINCT)
  CALL (c, q) {
    MATCH (c)<-[walked:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]-(walkReached:Claim)
    WHERE all(rev IN walked WHERE (rev.valid_from IS NULL OR rev.valid_from <= $t) AND (rev.valid_to IS NULL OR rev.valid_to > $t)
      AND (coalesce(rev.scope, '') = '' OR rev.scope = q OR q STARTS WITH rev.scope + '/'))
    RETURN collect(DISTINCT walkReached) AS walkReach
  }
  // the edges out of them that revise nothing (the reviser is rejected or withdrawn at $t): the walk does not cross them
  CALL (walkReach) {
    UNWIND walkReach AS walkFrom
    MATCH (walkFrom)-[rev:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]->(:Claim)
    // BEGIN revision-force
    CALL (rev) {
      WITH rev, startNode(rev) AS forceOf
      // no :Snapshot label (CITED_AT always ends at one): with it, a plan estimated on a small graph seeks every
      // snapshot by revised_at and expands into this claim, minutes on a 10,000-long chain; without it, it expands
      OPTIONAL MATCH (forceOf)-[forceSaid:CITED_AT]->(forceSnap)
      WHERE forceSnap.revised_at <= $t
      WITH rev, forceOf, forceSaid, forceSnap
      ORDER BY (forceSnap.until IS NULL OR forceSnap.until > $t) DESC, forceSnap.revised_at DESC, forceSnap.uid DESC
      LIMIT 1
      WITH rev, toLower(CASE WHEN forceSaid IS NULL THEN forceOf.declared ELSE forceSaid.declared END) AS forceWord
      RETURN CASE
        WHEN rev IS NULL THEN null
        WHEN coalesce(rev.via, '') <> '' THEN 'IN_FORCE'
        WHEN forceWord IN ['rejected', 'withdrawn'] THEN 'VOID'
        WHEN forceWord IS NULL OR forceWord = '' OR forceWord IN ['accepted', 'amended', 'deprecated', 'superseded'] THEN 'IN_FORCE'
        ELSE 'PENDING'
      END AS force
    }
    // END revision-force
    WITH rev, force WHERE force = 'VOID'
    RETURN collect(rev) AS walkVoid
  }
  // only when there are such edges: the walk again, not crossing them
  OPTIONAL CALL (c, q, walkVoid) {
    WITH c, q, walkVoid WHERE size(walkVoid) > 0
    MATCH (c)<-[kept:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]-(walkKept:Claim)
    WHERE all(rev IN kept WHERE (rev.valid_from IS NULL OR rev.valid_from <= $t) AND (rev.valid_to IS NULL OR rev.valid_to > $t)
      AND (coalesce(rev.scope, '') = '' OR rev.scope = q OR q STARTS WITH rev.scope + '/') AND NOT rev IN walkVoid)
    RETURN collect(DISTINCT walkKept) AS walkKeptReach
  }
  RETURN [n IN CASE WHEN size(walkVoid) = 0 THEN walkReach ELSE coalesce(walkKeptReach, []) END
          WHERE n <> c AND NOT coalesce(n.placeholder, false)] AS closure
}
// END revision-walk
// every edge into c or a closure claim from a non-placeholder, not void, is an edge inside the closure (the walk
// followed it): no membership test needed
UNWIND [c] + closure AS next
MATCH (next)<-[rev:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(successor:Claim)
WHERE successor <> c AND NOT coalesce(successor.placeholder, false)
  AND (rev.valid_from IS NULL OR rev.valid_from <= $t) AND (rev.valid_to IS NULL OR rev.valid_to > $t)
  AND (coalesce(rev.scope, '') = '' OR rev.scope = q OR q STARTS WITH rev.scope + '/')
// BEGIN revision-force
CALL (rev) {
  WITH rev, startNode(rev) AS forceOf
  // no :Snapshot label (CITED_AT always ends at one): with it, a plan estimated on a small graph seeks every
  // snapshot by revised_at and expands into this claim, minutes on a 10,000-long chain; without it, it expands
  OPTIONAL MATCH (forceOf)-[forceSaid:CITED_AT]->(forceSnap)
  WHERE forceSnap.revised_at <= $t
  WITH rev, forceOf, forceSaid, forceSnap
  ORDER BY (forceSnap.until IS NULL OR forceSnap.until > $t) DESC, forceSnap.revised_at DESC, forceSnap.uid DESC
  LIMIT 1
  WITH rev, toLower(CASE WHEN forceSaid IS NULL THEN forceOf.declared ELSE forceSaid.declared END) AS forceWord
  RETURN CASE
    WHEN rev IS NULL THEN null
    WHEN coalesce(rev.via, '') <> '' THEN 'IN_FORCE'
    WHEN forceWord IN ['rejected', 'withdrawn'] THEN 'VOID'
    WHEN forceWord IS NULL OR forceWord = '' OR forceWord IN ['accepted', 'amended', 'deprecated', 'superseded'] THEN 'IN_FORCE'
    ELSE 'PENDING'
  END AS force
}
// END revision-force
WITH c, q, next, successor, rev, force WHERE force <> 'VOID'
WITH c, q, successor,
     max(CASE WHEN next = c THEN 1 ELSE 0 END) = 1 AS direct,
     max(CASE WHEN force = 'IN_FORCE' THEN 1 ELSE 0 END) = 0 AS pending,
     max(CASE WHEN type(rev) <> 'AMENDS' THEN 1 ELSE 0 END) = 0 AS amendment,
     max(CASE WHEN force = 'IN_FORCE' AND type(rev) <> 'AMENDS' THEN 1 ELSE 0 END) = 1 AS retiring
CALL (successor, q) {
  OPTIONAL MATCH (successor)<-[rev:CORRECTS|SUPERSEDES|INVALIDATES]-(later:Claim)
  WHERE (rev.valid_from IS NULL OR rev.valid_from <= $t) AND (rev.valid_to IS NULL OR rev.valid_to > $t)
    AND (coalesce(rev.scope, '') = '' OR rev.scope = q OR q STARTS WITH rev.scope + '/')
    AND NOT coalesce(later.placeholder, false)
  // BEGIN revision-force
  CALL (rev) {
    WITH rev, startNode(rev) AS forceOf
    // no :Snapshot label (CITED_AT always ends at one): with it, a plan estimated on a small graph seeks every
    // snapshot by revised_at and expands into this claim, minutes on a 10,000-long chain; without it, it expands
    OPTIONAL MATCH (forceOf)-[forceSaid:CITED_AT]->(forceSnap)
    WHERE forceSnap.revised_at <= $t
    WITH rev, forceOf, forceSaid, forceSnap
    ORDER BY (forceSnap.until IS NULL OR forceSnap.until > $t) DESC, forceSnap.revised_at DESC, forceSnap.uid DESC
    LIMIT 1
    WITH rev, toLower(CASE WHEN forceSaid IS NULL THEN forceOf.declared ELSE forceSaid.declared END) AS forceWord
    RETURN CASE
      WHEN rev IS NULL THEN null
      WHEN coalesce(rev.via, '') <> '' THEN 'IN_FORCE'
      WHEN forceWord IN ['rejected', 'withdrawn'] THEN 'VOID'
      WHEN forceWord IS NULL OR forceWord = '' OR forceWord IN ['accepted', 'amended', 'deprecated', 'superseded'] THEN 'IN_FORCE'
      ELSE 'PENDING'
    END AS force
  }
  // END revision-force
  RETURN count(CASE WHEN force = 'IN_FORCE' THEN 1 END) AS retirers
}
RETURN
  c.uid AS claim,
  successor.uid AS successor,
  direct,
  retiring AND retirers = 0 AS head,
  pending,
  amendment
ORDER BY claim, successor
;
