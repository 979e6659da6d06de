// name: site_marks
// plan: kept
// description: What changed for a decision site since its last build, in one row, of the claims whose uid lies from
// description: $from to $to (a caller splits the claims to have the server's cores share them): changed (the claims
// description: whose site mark is not the one in $known, as a list of {claim, fresh, mark, earlier} sorted by uid;
// description: $known null, on a first build: every claim), claims (how many claims there are; the caller looks for
// description: claims gone, with site_claims_gone, only when fewer are left than it knew), and whether the kept
// description: suspects answer: owed (claims the write-time suspects pass owes a step), schema (the store's schema
// description: version), common (the kept common terms, null when none). A mark is the text ',a,b,...' of [when the
// description: stored status was stored (epoch microseconds; -1: none), how many aliases, placeholder (1 or 0), when
// description: the latest snapshot citing it did (epoch microseconds; -1: none), how many snapshots cite it, how many
// description: kept suspect pairs it is in (either side), the sum of their found_at, the sums of the decided_at and
// description: revoked_at (1: not revoked) of the adjudications that dismiss or link it (epoch microseconds)]: every
// description: write that changes the claim, its text, title, history or edges stores its status again, and the
// description: suspects pass sets found_at on every pair it keeps. A claim whose stored status does not hold at $t
// description: (fresh false: docs/design.md "Stored status") is always listed. earlier: the claims a changed claim's
// description: kept pairs say it may revise; paired: it is in a kept pair.
// param t: the as-of time (DateTime)
// param known: the claims as the last build saw them, each its uid, '|' and its mark, or null
// param from: only claims whose uid is this or after it, or null
// param to: only claims whose uid is before this, or null
MATCH (c:Claim)
WHERE c.uid IS NOT NULL AND ($from IS NULL OR c.uid >= $from) AND ($to IS NULL OR c.uid < $to)
// the claim's relationships a mark counts, in one walk of them (a walk per kind cost twice as much); a snapshot's
// own properties are not read (many, and not needed)
WITH c, coalesce(/*INCLUDE stored-fresh(c)*/, false) AS fresh,
     [(c)-[r:CITED_AT|MAY_REVISE|DISTINGUISHES|LINKS]-(other) |
      CASE type(r)
        WHEN 'CITED_AT' THEN ['CITED_AT']
        WHEN 'MAY_REVISE' THEN ['MAY_REVISE', /*INCLUDE epoch-us(r.found_at)*/]
        ELSE ['', /*INCLUDE epoch-us(other.decided_at)*/, coalesce(/*INCLUDE epoch-us(other.revoked_at)*/, 1)]
      END] AS near
WITH c, fresh,
     [coalesce(/*INCLUDE epoch-us(c.status_computed_at)*/, -1), size(coalesce(c.aliases, [])),
      CASE WHEN c.placeholder THEN 1 ELSE 0 END, coalesce(/*INCLUDE epoch-us(c.last_cited_at)*/, -1)] +
     // [snapshots, kept pairs, the sum of their found_at, the sum of the adjudications' decided_at, of their revoked_at]
     reduce(tally = [0, 0, 0, 0, 0], one IN near |
            CASE one[0]
              WHEN 'CITED_AT' THEN [tally[0] + 1] + tally[1..]
              WHEN 'MAY_REVISE' THEN [tally[0], tally[1] + 1, tally[2] + one[1], tally[3], tally[4]]
              ELSE tally[0..3] + [tally[3] + one[1], tally[4] + one[2]]
            END) AS counts
// as text: a list of strings is a parameter the server takes in a few milliseconds, a map of lists several times slower
WITH c, fresh, reduce(text = '', count IN counts | text + ',' + toString(count)) AS mark, counts[5] > 0 AS paired
ORDER BY c.uid
WITH count(c) AS claims,
     collect(CASE WHEN NOT fresh OR $known IS NULL OR NOT c.uid + '|' + mark IN $known
                  THEN {claim: c.uid, fresh: fresh, mark: mark, paired: paired,
                        earlier: [(c)-[:MAY_REVISE]->(earlier:Claim) | earlier.uid]} END) AS changed
// whether the kept suspects answer (once: beside an aggregation they would be grouping keys, computed a row each)
RETURN claims, changed,
       COUNT { (:SuspectsPending) } + COUNT { (:SuspectsRelook) } + COUNT { (:SuspectsPairs) } AS owed,
       COLLECT { MATCH (schema:ProvgraphSchema {name: 'schema'}) RETURN schema.version }[0] AS schema,
       COLLECT { MATCH (kept:SuspectTerms {name: 'common-by-claims'}) RETURN kept.terms }[0] AS common
;
