// name: suspect_neighbours
// description: The claims one full-text lookup from each of $claims finds (the same lookup `suspects` runs): the claims
// description: whose own lookups score a pair with one of $claims. One row per uid.
// param claims: list of claim uids
// param hits: how many hits one lookup keeps (ties at the cut broken by uid, as in suspects)
// param common: the common search terms: their words are left out of each lookup's query (rules/suspect-query)
UNWIND $claims AS wanted
MATCH (claim:Claim {uid: wanted}) WHERE (claim.search_words IS NOT NULL OR claim.search_query IS NOT NULL)
  AND coalesce(claim.search_free_text, true)
CALL (claim) {
  // INCLUDE suspect-query (the query, common words left out; written in rules/suspect-query.cypher)
  // INCLUDE suspect-lookup (claim's best $hits by score, ties by uid; written in rules/suspect-lookup.cypher)
  RETURN node
}
WITH claim, node
WHERE node <> claim
RETURN DISTINCT node.uid AS uid
ORDER BY uid
;
