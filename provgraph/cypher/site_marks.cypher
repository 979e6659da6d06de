// name: site_marks
// plan: kept
// description: What changed for a decision site since its last build, in one row. With $since null (a first build, or
// description: a rebuild that could not seek), the claims whose uid lies from $from to $to (a caller splits the
// description: claims to have the server's cores share them); else the claims that may be marked otherwise than at
// description: the last build (a seek, not a read of every claim): their stored status stored at $since or after, or
// description: looked up by the suspects pass then (range indexes on status_computed_at and suspects_at), owing the
// description: suspects pass a step (their labels), or among $recheck (the caller's: those the last build saw
// description: without a stored status, owing a step or expiring by now). A claim's site mark is the text ',a,b,...'
// description: of its node's own properties only (no relationship is walked): [when the stored status was stored
// description: (epoch microseconds; -1: none), how many aliases, placeholder (1 or 0), when the latest snapshot citing
// description: it did (-1: none), when the suspects pass last looked it up (suspects_at; -1: never), the suspects
// description: steps it is owed (SuspectsPending 1 + SuspectsRelook 2 + SuspectsPairs 4), when the stored status
// description: expires (-1: never)] (provgraph/site/changes.py `seek_of` reads fields 1, 6 and 7). changed: those
// description: claims whose site mark is not the one in $known, or whose stored status does not hold at $t (fresh
// description: false), as a list of {claim, fresh, mark, stored, pairs} sorted by uid ($known null: every one read;
// description: stored: whether it has a stored status; pairs: its kept suspect pairs, each [later, earlier]); claims
// description: (how many claims there are), stored (how many have a stored status: with $since, a claim without one
// description: that is not among those read was marked stale since, and the caller reads every claim), and whether
// description: the kept suspects answer: owed (claims the write-time suspects pass owes a step), schema (the store's
// description: schema version), common (the kept common terms, null when none), dismissals (every DISTINGUISHES of a
// description: dismissal: [adjudication, claim, decided_at, revoked_at], times in epoch microseconds, null: not
// description: revoked). Every write that changes the claim, its text, title, history or edges stores its status
// description: again, and the suspects pass looks up again every claim whose kept pairs it rewrites (docs/design.md
// description: "The decision site").
// param t: the as-of time (DateTime)
// param known: the claims as the last build saw them, each its uid, '|' and its mark, or null
// param from: only claims whose uid is this or after it, or null (with $since null)
// param to: only claims whose uid is before this, or null (with $since null)
// param since: seek the claims a write may have marked otherwise from this instant on (DateTime), or null
// param recheck: claim uids read besides those the seek finds (with $since), or null
CALL () {
  WITH 1 AS one WHERE $since IS NULL
  MATCH (c:Claim)
  // a seek from $from (every uid is at least ''), not a scan of every uid
  WHERE c.uid >= coalesce($from, '') AND ($to IS NULL OR c.uid < $to)
  RETURN c
  UNION
  WITH 1 AS one WHERE $since IS NOT NULL
  MATCH (c:Claim) WHERE c.status_computed_at >= $since
  RETURN c
  UNION
  WITH 1 AS one WHERE $since IS NOT NULL
  MATCH (c:Claim) WHERE c.suspects_at >= $since
  RETURN c
  UNION
  WITH 1 AS one WHERE $since IS NOT NULL
  MATCH (c:SuspectsPending|SuspectsRelook|SuspectsPairs) WHERE c:Claim
  RETURN c
  UNION
  WITH 1 AS one WHERE $since IS NOT NULL
  UNWIND coalesce($recheck, []) AS uid
  MATCH (c:Claim {uid: uid})
  RETURN c
}
// the site mark: see the description above
WITH c, coalesce(/*INCLUDE stored-fresh(c)*/, false) AS fresh,
     // as text: a list of strings is a parameter the server takes in a few milliseconds, a map of lists several times slower
     ',' + toString(coalesce(/*INCLUDE epoch-us(c.status_computed_at)*/, -1)) + ',' + toString(size(coalesce(c.aliases, []))) +
     CASE WHEN c.placeholder THEN ',1,' ELSE ',0,' END + toString(coalesce(/*INCLUDE epoch-us(c.last_cited_at)*/, -1)) +
     ',' + toString(coalesce(/*INCLUDE epoch-us(c.suspects_at)*/, -1)) + ',' +
     // the node's labels read once, not a label test each
     toString(reduce(owed = 0, label IN labels(c) | owed + CASE label WHEN 'SuspectsPending' THEN 1
                                                                   WHEN 'SuspectsRelook' THEN 2
                                                                   WHEN 'SuspectsPairs' THEN 4 ELSE 0 END)) +
     ',' + toString(coalesce(/*INCLUDE epoch-us(c.status_expires)*/, -1)) AS mark
ORDER BY c.uid
WITH collect(CASE WHEN NOT fresh OR $known IS NULL OR NOT c.uid + '|' + mark IN $known
                  THEN {claim: c.uid, fresh: fresh, mark: mark, stored: c.status_computed_at IS NOT NULL,
                        pairs: [(c)-[pair:MAY_REVISE]-(other:Claim) |
                                CASE WHEN startNode(pair) = c THEN [c.uid, other.uid] ELSE [other.uid, c.uid] END]} END) AS changed
// whether the kept suspects answer, and the dismissals (once: beside an aggregation they would be grouping keys,
// computed a row each)
RETURN changed, COUNT { (:Claim) } AS claims,
       CASE WHEN $since IS NULL THEN null ELSE COUNT { MATCH (s:Claim) WHERE s.status_computed_at IS NOT NULL } END AS stored,
       COUNT { (:SuspectsPending) } + COUNT { (:SuspectsRelook) } + COUNT { (:SuspectsPairs) } AS owed,
       COLLECT { MATCH (schema:ProvgraphSchema {name: 'schema'}) RETURN schema.version }[0] AS schema,
       COLLECT { MATCH (kept:SuspectTerms {name: 'common-by-claims'}) RETURN kept.terms }[0] AS common,
       COLLECT { MATCH (dismissal:Adjudication)-[:DISTINGUISHES]->(claim:Claim)
                 RETURN [dismissal.uid, claim.uid, /*INCLUDE epoch-us(dismissal.decided_at)*/,
                         /*INCLUDE epoch-us(dismissal.revoked_at)*/] AS row ORDER BY row } AS dismissals
;
