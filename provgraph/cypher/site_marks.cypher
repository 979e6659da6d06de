// name: site_marks
// plan: kept
// description: What changed for a decision site since its last build, in one row, of the claims whose uid lies from
// description: $from to $to (a caller splits the claims to have the server's cores share them): changed (the claims
// description: whose site mark is not the one in $known, as a list of {claim, fresh, mark, pairs} sorted by uid;
// description: $known null, on a first build: every claim), claims (how many claims there are; the caller looks for
// description: claims gone, with site_claims_gone, only when fewer are left than it knew), and whether the kept
// description: suspects answer: owed (claims the write-time suspects pass owes a step), schema (the store's schema
// description: version), common (the kept common terms, null when none), dismissals (every DISTINGUISHES of a
// description: dismissal: [adjudication, claim, decided_at, revoked_at], times in epoch microseconds, null: not
// description: revoked). A mark is the text ',a,b,...' of the claim node's own properties only (no relationship is
// description: walked): [when the stored status was stored (epoch microseconds; -1: none), how many aliases,
// description: placeholder (1 or 0), when the latest snapshot citing it did (-1: none), when the suspects pass last
// description: looked it up (suspects_at; -1: never), the suspects steps it is owed (SuspectsPending 1 + SuspectsRelook
// description: 2 + SuspectsPairs 4)]: every write that changes the claim, its text, title, history or edges stores
// description: its status again, and the suspects pass looks up again every claim whose kept pairs it rewrites
// description: (docs/design.md "The decision site"). A claim whose stored status does not hold at $t (fresh false)
// description: is always listed. pairs: a changed claim's kept suspect pairs, each [later, earlier].
// param t: the as-of time (DateTime)
// param known: the claims as the last build saw them, each its uid, '|' and its mark, or null
// param from: only claims whose uid is this or after it, or null
// param to: only claims whose uid is before this, or null
MATCH (c:Claim)
// a seek from $from (every uid is at least ''), not a scan of every uid
WHERE c.uid >= coalesce($from, '') AND ($to IS NULL OR c.uid < $to)
WITH c, coalesce(/*INCLUDE stored-fresh(c)*/, false) AS fresh,
     // as text: a list of strings is a parameter the server takes in a few milliseconds, a map of lists several times slower
     ',' + toString(coalesce(/*INCLUDE epoch-us(c.status_computed_at)*/, -1)) + ',' + toString(size(coalesce(c.aliases, []))) +
     CASE WHEN c.placeholder THEN ',1,' ELSE ',0,' END + toString(coalesce(/*INCLUDE epoch-us(c.last_cited_at)*/, -1)) +
     ',' + toString(coalesce(/*INCLUDE epoch-us(c.suspects_at)*/, -1)) + ',' +
     // the node's labels read once, not a label test each
     toString(reduce(owed = 0, label IN labels(c) | owed + CASE label WHEN 'SuspectsPending' THEN 1
                                                                   WHEN 'SuspectsRelook' THEN 2
                                                                   WHEN 'SuspectsPairs' THEN 4 ELSE 0 END)) AS mark
ORDER BY c.uid
WITH count(c) AS claims,
     collect(CASE WHEN NOT fresh OR $known IS NULL OR NOT c.uid + '|' + mark IN $known
                  THEN {claim: c.uid, fresh: fresh, mark: mark,
                        pairs: [(c)-[pair:MAY_REVISE]-(other:Claim) |
                                CASE WHEN startNode(pair) = c THEN [c.uid, other.uid] ELSE [other.uid, c.uid] END]} END) AS changed
// whether the kept suspects answer, and the dismissals (once: beside an aggregation they would be grouping keys,
// computed a row each)
RETURN claims, changed,
       COUNT { (:SuspectsPending) } + COUNT { (:SuspectsRelook) } + COUNT { (:SuspectsPairs) } AS owed,
       COLLECT { MATCH (schema:ProvgraphSchema {name: 'schema'}) RETURN schema.version }[0] AS schema,
       COLLECT { MATCH (kept:SuspectTerms {name: 'common-by-claims'}) RETURN kept.terms }[0] AS common,
       COLLECT { MATCH (dismissal:Adjudication)-[:DISTINGUISHES]->(claim:Claim)
                 RETURN [dismissal.uid, claim.uid, /*INCLUDE epoch-us(dismissal.decided_at)*/,
                         /*INCLUDE epoch-us(dismissal.revoked_at)*/] AS row ORDER BY row } AS dismissals
;
