// name: suspects
// description: Possible unlinked revisions: pairs (earlier, later) whose texts say the same thing, found with ONE
// description: full-text lookup per claim in the `claim_search` index (its search_words less the common ones, as a Lucene query
// description: built when it runs: rules/suspect-query.cypher, provgraph/graph/fulltext.py),
// description: keeping its best $hits by score with ties broken by uid (Lucene returns equal scores in insertion order, so
// description: the same corpus ingested twice would otherwise keep other hits at the cut): twice as many are asked for.
// description: A lookup's scores are divided by the best of (the claim's score against itself, the top hit), and a pair's
// description: similarity is the mean of that ratio from both sides (0 from a side whose lookup missed the other).
// description: A pair is a candidate when the later claim is later (rules/suspect-time), similarity >= $least,
// description: they share at least $min_terms search_terms that are not common (or have the same title), they do not say the very same words (equal search_terms: a
// description: restatement, such as each log's own copy of "Record architecture decisions", revises nothing), their scopes overlap (equal, one under the other, or one global), they are not
// description: rivals (same non-empty subject with another value: status rule 10), no edge links them (any recorded claim
// description: edge; an adjudication's implied edge while it stands), no standing `adjudicate --distinct` dismissed them,
// description: no chain of revision edges already leads from later to earlier, and the earlier claim is not already
// description: retired (its stored status, still fresh, is STALE: nothing is left for the later one to retire). A candidate
// description: is a suspect by its rank and margin among its earlier claim's candidates (rules/suspect-judge: the best one
// description: when it stands clear of the next, any one as alike as $min_score, any one of the same title, and any one
// description: whose later claim's record names the earlier as replaced). At most $per_claim per earlier claim
// description: (best first); then the filters $since, $scope and $store apply. Common terms ($common: text that recurs across
// description: many claims, cypher/suspect_common_terms.cypher) weigh nothing: no lookup searches for them, and they never count among the shared terms,
// description: so two claims whose only overlap is such text are never suspects. One row per pair: earlier, later, score, rank,
// description: terms (shared, normalised, common ones left out), named (how the later's record names the earlier: rules/suspect-judge),
// description: and each side's scope, subject, value, time and title.
// description: A keyed entry without free text is in no pair (rules/suspect-texts-may-pair) and is not looked up.
// param claims: list of uids to look up from, or null for every claim (a pair needs both sides looked up to score fully)
// param t: now (DateTime): which adjudications and implied edges stand
// param hits: how many hits one lookup keeps (the candidates per earlier claim), ties at the cut broken by uid
// param least: the least similarity (0..1) a candidate needs (a lesser one neither is a suspect nor stands in the way of one)
// param min_score: a candidate this alike (0..1) and within $close of the best is a suspect whatever its rank
// param floor: the least similarity of a best candidate that stands clear of the next, or null (an absolute --min-score)
// param margin: the best candidate stands clear when the next one's similarity is at most this share (0..1) of its own
// param clear_terms: ... and it shares at least this many terms that are not common with the earlier claim
// param close: a suspect's similarity must be at least this share (0..1) of the earlier claim's best suspect
// param min_terms: the least number of shared search_terms a pair needs
// param per_claim: at most this many suspects per earlier claim
// param names: true: a candidate whose later claim's record names the earlier one in a sentence that says it takes its place is a suspect (rules/suspect-judge)
// param since: only pairs whose later claim is this recent (DateTime), or null
// param scope: only pairs both of whose scopes overlap this scope, or null
// param store: only pairs with a claim cited from this store, or null
// param common: list of common search_terms that weigh nothing ([] for none)
// param touching: only pairs with one of these uids on either side, or null
CALL () {
  WITH 1 AS one WHERE $claims IS NULL
  MATCH (claim:Claim) WHERE (claim.search_words IS NOT NULL OR claim.search_query IS NOT NULL)
    AND coalesce(claim.search_free_text, true)
  RETURN claim
  UNION
  WITH 1 AS one WHERE $claims IS NOT NULL
  UNWIND $claims AS wanted
  MATCH (claim:Claim {uid: wanted}) WHERE (claim.search_words IS NOT NULL OR claim.search_query IS NOT NULL)
    AND coalesce(claim.search_free_text, true)
  RETURN claim
}
WITH claim, coalesce(claim.scope, '') AS claimScope
WHERE $scope IS NULL OR /*INCLUDE scope-covers(claimScope, $scope)*/ OR claimScope STARTS WITH $scope + '/'
// INCLUDE suspect-ratios (each hit's share of the best score; written in rules/suspect-ratios.cypher)
UNWIND found AS hit
WITH claim, hit.node AS other, hit.ratio AS ratio
WITH /*INCLUDE suspect-order(claim, other)*/ AS pair, ratio
WHERE pair IS NOT NULL
WITH pair[0] AS earlier, pair[1] AS later, ratio
WITH earlier, later, sum(ratio) / 2.0 AS similarity
// INCLUDE suspect-pair (the text-level test; written in rules/suspect-pair.cypher)
// INCLUDE suspect-judge($common) (links, dismissals, ranking and filters at $t; written in rules/suspect-judge.cypher)
;
