// name: suspects_touching
// plan: kept
// description: verify's advisory suspects in one read: the pairs kept by the write-time pass with one of $touching on
// description: either side (with $as_earlier: as the earlier claim), as suspects_kept lists them (same columns, best first; each ranked among all the pairs of its
// description: earlier claim), when the kept pairs answer for the whole store: nothing owed (suspects_stale), a schema of
// description: $kept_since or later, the common terms kept (suspect_common_terms_kept). Every row also carries owed, schema
// description: and common (the kept common terms, null when none); with no pair, or when the kept pairs do not answer,
// description: one row whose pair columns are null, and the caller looks the pairs up live.
// param touching: the claim uids a pair must have on one side
// param as_earlier: true: only the pairs whose earlier claim is one of $touching (each earlier claim's pairs in full)
// param t: now (DateTime): which adjudications and implied edges stand
// param least: the least similarity (0..1) a candidate needs (a lesser one neither is a suspect nor stands in the way of one)
// param min_score: a candidate this alike (0..1) and within $close of the best is a suspect whatever its rank
// param floor: the least similarity of a best candidate that stands clear of the next, or null (an absolute --min-score)
// param margin: the best candidate stands clear when the next one's similarity is at most this share (0..1) of its own
// param clear_terms: ... and it shares at least this many terms that are not common with the earlier claim
// param close: a suspect's similarity must be at least this share (0..1) of the earlier claim's best suspect
// param min_terms: the least number of shared search_terms (common ones left out) a pair needs
// param per_claim: at most this many suspects per earlier claim
// param names: true: a candidate whose later claim's record names the earlier one in a sentence that says it takes its place is a suspect (rules/suspect-judge)
// param since: only pairs whose later claim is this recent (DateTime), or null
// param scope: only pairs both of whose scopes overlap this scope, or null
// param store: only pairs with a claim cited from this store, or null
// param kept_since: the schema version from which writes keep suspects
OPTIONAL MATCH (schema:ProvgraphSchema {name: 'schema'})
OPTIONAL MATCH (keptTerms:SuspectTerms {name: 'common-by-claims'})
WITH COUNT { (:SuspectsPending) } + COUNT { (:SuspectsRelook) } + COUNT { (:SuspectsPairs) } AS owed,
     schema.version AS schema, keptTerms.terms AS common
OPTIONAL CALL (owed, schema, common) {
  WITH common WHERE owed = 0 AND coalesce(schema, 0) >= $kept_since AND common IS NOT NULL
  UNWIND $touching AS wanted
  MATCH (claim:Claim {uid: wanted})
  CALL (claim) {
    RETURN claim AS earlier
    UNION
    MATCH (claim)-[:MAY_REVISE]->(earlier:Claim) WHERE NOT $as_earlier
    RETURN earlier
  }
  WITH DISTINCT earlier, common
  MATCH (earlier)<-[kept:MAY_REVISE]-(later:Claim)
  WITH earlier, later, kept.similarity AS similarity, kept.shared AS shared, common,
       coalesce(earlier.scope, '') AS earlierScope, coalesce(later.scope, '') AS laterScope
  WHERE similarity >= $least
    AND ($scope IS NULL OR /*INCLUDE scope-covers(earlierScope, $scope)*/ OR earlierScope STARTS WITH $scope + '/')
  // INCLUDE suspect-judge(common) (links, dismissals, ranking and filters at $t; written in rules/suspect-judge.cypher)
}
RETURN *
;
