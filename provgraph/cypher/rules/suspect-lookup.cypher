CALL db.index.fulltext.queryNodes('claim_search', claim.search_query, {limit: 2 * $hits}) YIELD node, score
WITH node, score ORDER BY score DESC, node.uid LIMIT $hits
