// name: verify_closure
// description: The revision closure of the given claims, for `provgraph verify` (as revision_closure, plus how each
// description: successor joins it): claims that correct, supersede, invalidate or amend them, directly or through
// description: intermediate successors, through edges visible at $t whose scope covers the question scope, leaving out
// description: edges whose reviser is rejected or withdrawn at $t (they revise nothing). One row per (claim, successor),
// description: placeholders left out: kind (CORRECTS, SUPERSEDES, INVALIDATES or AMENDS), next, edge_scope, via and
// description: force (IN_FORCE, or PENDING for a proposed, on-hold or unrecognised reviser) describe one applicable edge
// description: from the successor to the claim itself (direct = true) or else to another claim of the closure; head =
// description: true when the successor retires what it revises (in force, not an amendment) and nothing in force
// description: retires it. Polynomial: pruning BFS walks per claim (var-length + DISTINCT), never path enumeration.
// param claims: list of claim uids
// param q: the question scope, or null for each claim's own scope
// param t: the as-of time (DateTime)
UNWIND $claims AS wanted
MATCH (c:Claim {uid: wanted})
WITH c, coalesce($q, c.scope, '') AS q
// BEGIN closure-rows (one row per successor of c for q at $t; written in rules/closure-rows.cypher)
// The successor closure of claim `c` for question scope `q` at $t, one row per successor: successor, edge
// (the edge shown: to c itself first, in force first), next (the claim it revises), edgeForce (IN_FORCE or PENDING)
// and retirers (how many in-force revisers retire the successor). Needs c and q; keeps c and q.
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
// followed it): no membership test needed. Per successor the edge shown: to c itself first, in force first
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
ORDER BY next = c DESC, force, next.uid, type(rev)
WITH c, q, successor, head(collect({edge: rev, next: next, force: force})) AS chosen
WITH c, q, successor, chosen.edge AS edge, chosen.next AS next, chosen.force AS edgeForce
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
// END closure-rows
RETURN
  c.uid AS claim,
  successor.uid AS successor,
  next = c AS direct,
  type(edge) AS kind,
  next.uid AS next,
  coalesce(edge.scope, '') AS edge_scope,
  coalesce(edge.via, '') AS via,
  edgeForce = 'IN_FORCE' AND type(edge) <> 'AMENDS' AND retirers = 0 AS head,
  edgeForce AS force
ORDER BY claim, successor
;
