// INCLUDE suspect-query (the query, common words left out; written in rules/suspect-query.cypher)
WITH claim, query WHERE query IS NOT NULL
CALL db.index.fulltext.queryNodes('claim_search', query, {limit: 2 * $hits}) YIELD node, score
WITH node, score ORDER BY score DESC, node.uid LIMIT $hits
