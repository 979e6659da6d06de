// name: suspect_neighbours
// description: The earlier claims one full-text lookup from each of $claims finds (the same lookup `suspects` runs):
// description: the claims whose own lookups may list one of $claims as a later suspect. One row per uid.
// param claims: list of claim uids
// param hits: how many hits one lookup returns
UNWIND $claims AS wanted
MATCH (claim:Claim {uid: wanted}) WHERE claim.search_query IS NOT NULL
CALL db.index.fulltext.queryNodes('claim_search', claim.search_query, {limit: $hits}) YIELD node
WITH claim, node
WHERE node <> claim
  AND coalesce(node.asserted_at, node.last_cited_at) < coalesce(claim.asserted_at, claim.last_cited_at)
RETURN DISTINCT node.uid AS uid
ORDER BY uid
;
