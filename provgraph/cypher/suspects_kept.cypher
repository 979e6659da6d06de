// name: suspects_kept
// description: Possible unlinked revisions read from the pairs the write-time pass kept ((later)-[:MAY_REVISE]->(earlier),
// description: provgraph/engine/suspects.py `keep_pending`): no full-text lookup. A kept pair passed rules/suspect-pair
// description: at the defaults when it was found; here it needs similarity >= $least and, when $scope is given, both
// description: scopes overlapping it; then rules/suspect-judge decides at $t as the live suspects query does (common
// description: terms, links, dismissals, retired earlier claims, ranking per earlier claim, $since, $scope, $store,
// description: $touching). Same columns as suspects.
// param claims: only pairs whose earlier claim is one of these uids, or null
// param touching: only pairs with one of these uids on either side, or null (each still ranked among all the pairs of its earlier claim)
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
// param common: list of common search_terms that weigh nothing ([] for none)
CALL () {
  WITH 1 AS one WHERE $claims IS NULL AND $touching IS NULL
  MATCH (earlier:Claim) WHERE EXISTS { (earlier)<-[:MAY_REVISE]-(:Claim) }
  RETURN earlier
  UNION
  WITH 1 AS one WHERE $claims IS NOT NULL
  UNWIND $claims AS wanted
  MATCH (earlier:Claim {uid: wanted})
  RETURN earlier
  UNION
  WITH 1 AS one WHERE $claims IS NULL AND $touching IS NOT NULL
  UNWIND $touching AS wanted
  MATCH (claim:Claim {uid: wanted})
  CALL (claim) {
    RETURN claim AS earlier
    UNION
    MATCH (claim)-[:MAY_REVISE]->(earlier:Claim)
    RETURN earlier
  }
  RETURN earlier
}
MATCH (earlier)<-[kept:MAY_REVISE]-(later:Claim)
WITH earlier, later, kept.similarity AS similarity, kept.shared AS shared,
     coalesce(earlier.scope, '') AS earlierScope, coalesce(later.scope, '') AS laterScope
WHERE similarity >= $least
  AND ($scope IS NULL OR /*INCLUDE scope-covers(earlierScope, $scope)*/ OR earlierScope STARTS WITH $scope + '/')
// INCLUDE suspect-judge($common) (links, dismissals, ranking and filters at $t; written in rules/suspect-judge.cypher)
;
