// name: suspect_lookup
// description: One full-text lookup per claim of $claims in the `claim_search` index (its stored search_query, the
// description: lookup `suspects` runs): the $hits best hits, ties broken by uid (Lucene orders equal scores by its own
// description: document order, which depends on how the writes were batched, so $fetch > $hits hits are asked for and
// description: cut by score, then uid). Each hit's ratio is its score / the best of (the claim's score against itself,
// description: the top hit). One row per claim: uid, hits (other claims' uids, best first), ratios (same order).
// param claims: list of claim uids to look up from
// param hits: how many hits one lookup keeps (the claim itself included, as in `suspects`)
// param fetch: how many hits one lookup asks Lucene for before the cut (>= hits)
UNWIND $claims AS wanted
MATCH (claim:Claim {uid: wanted})
WHERE claim.search_query IS NOT NULL
CALL (claim) {
  CALL db.index.fulltext.queryNodes('claim_search', claim.search_query, {limit: $fetch}) YIELD node, score
  WITH node, score
  ORDER BY score DESC, node.uid
  LIMIT $hits
  RETURN collect({node: node, score: score}) AS found
}
WITH claim, found, coalesce(head([hit IN found WHERE hit.node = claim | hit.score]), 0.0) AS itself,
     head(found).score AS top
WITH claim, [hit IN found WHERE hit.node <> claim] AS others, CASE WHEN itself > top THEN itself ELSE top END AS best
RETURN claim.uid AS uid, [hit IN others | hit.node.uid] AS hits, [hit IN others | hit.score / best] AS ratios
;
