// name: site_marks
// plan: kept
// description: What changed for a decision site since its last build, in one row: changed (the claims whose site mark
// description: differs from $known's, as a list of {claim, fresh, mark, earlier} sorted by uid; $known null, on a first
// description: build: every claim), removed (the uids of $known no claim has now), claims (how many claims there are),
// description: and whether the kept suspects answer: owed (claims the write-time suspects pass owes a step), schema
// description: (the store's schema version), common (the kept common terms, null when none). A mark is [when the
// description: stored status was stored (epoch microseconds; -1: none), how many aliases, placeholder, when the latest
// description: snapshot citing it did (epoch microseconds; -1: none), how many snapshots cite it, how many kept suspect
// description: pairs it is in (either side), the sum of their found_at, the sums of the decided_at and revoked_at (1:
// description: not revoked) of the adjudications that dismiss or link it (epoch microseconds)]: every write that
// description: changes the claim, its text, title, history or edges stores its status again, and the suspects pass
// description: sets found_at on every pair it keeps. A claim whose stored status does not hold at $t (fresh false:
// description: docs/design.md "Stored status") is always listed. earlier: the claims a changed claim's kept pairs say
// description: it may revise.
// param t: the as-of time (DateTime)
// param known: map of claim uid -> the mark the last build saw, or null
MATCH (c:Claim)
WHERE c.uid IS NOT NULL
// the claim's relationships a mark counts, in one walk of them (a walk per kind cost twice as much)
WITH c, coalesce(/*INCLUDE stored-fresh(c)*/, false) AS fresh,
     [(c)-[r:CITED_AT|MAY_REVISE|DISTINGUISHES|LINKS]-(other) |
      CASE type(r)
        WHEN 'CITED_AT' THEN ['CITED_AT']  // a snapshot's own properties are not read: many, and not needed
        WHEN 'MAY_REVISE' THEN ['MAY_REVISE', /*INCLUDE epoch-us(r.found_at)*/]
        ELSE ['', /*INCLUDE epoch-us(other.decided_at)*/, coalesce(/*INCLUDE epoch-us(other.revoked_at)*/, 1)]
      END] AS near
WITH c, fresh,
     [coalesce(/*INCLUDE epoch-us(c.status_computed_at)*/, -1), size(coalesce(c.aliases, [])),
      coalesce(c.placeholder, false), coalesce(/*INCLUDE epoch-us(c.last_cited_at)*/, -1)] +
     // [snapshots, kept pairs, the sum of their found_at, the sum of the adjudications' decided_at, of their revoked_at]
     reduce(counts = [0, 0, 0, 0, 0], one IN near |
            CASE one[0]
              WHEN 'CITED_AT' THEN [counts[0] + 1] + counts[1..]
              WHEN 'MAY_REVISE' THEN [counts[0], counts[1] + 1, counts[2] + one[1], counts[3], counts[4]]
              ELSE counts[0..3] + [counts[3] + one[1], counts[4] + one[2]]
            END) AS mark
ORDER BY c.uid
WITH count(c) AS claims,
     collect(CASE WHEN NOT fresh OR coalesce($known[c.uid] <> mark, true)
                  THEN {claim: c.uid, fresh: fresh, mark: mark,
                        earlier: [(c)-[:MAY_REVISE]->(earlier:Claim) | earlier.uid]} END) AS changed
CALL (claims, changed) {
  // a claim is gone only when fewer of the known ones are left than were known: else no lookup
  WITH claims, changed
  WHERE claims <> size(keys(coalesce($known, {}))) + size([row IN changed WHERE $known[row.claim] IS NULL])
  UNWIND keys($known) AS uid
  OPTIONAL MATCH (now:Claim {uid: uid})
  WITH uid, now WHERE now IS NULL
  RETURN collect(uid) AS removed
}
OPTIONAL MATCH (schema:ProvgraphSchema {name: 'schema'})
OPTIONAL MATCH (keptTerms:SuspectTerms {name: 'common-by-claims'})
RETURN claims, changed, removed,
       COUNT { (:SuspectsPending) } + COUNT { (:SuspectsRelook) } + COUNT { (:SuspectsPairs) } AS owed,
       schema.version AS schema, keptTerms.terms AS common
;
