// Needs claim and its `query` (rules/suspect-query, included just before it).
WITH claim, query WHERE query IS NOT NULL
CALL db.index.fulltext.queryNodes('claim_search', query, {limit: 2 * $hits}) YIELD node, score
WITH node, score ORDER BY score DESC, node.uid LIMIT $hits
