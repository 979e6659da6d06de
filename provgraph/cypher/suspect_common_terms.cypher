// name: suspect_common_terms
// description: The search_terms that recur across many claims or stores (template headings, the "record architecture
// description: decisions" boilerplate every log starts with): a term said by at least $min_claims claims and $share of
// description: all claims, or by claims of at least $min_stores stores and $store_share of all stores. Such a term weighs
// description: nothing in a suspect pair (cypher/suspects.cypher). One row per common term: term, claims, stores.
// param share: least share (0..1) of all claims that say a common term
// param min_claims: least number of claims that say a common term (so a small graph has none by share alone)
// param store_share: least share (0..1) of all stores whose claims say a common term
// param min_stores: least number of stores whose claims say a common term
CALL () {
  MATCH (c:Claim) WHERE c.search_terms IS NOT NULL
  RETURN count(c) AS totalClaims
}
CALL () {
  MATCH (s:Store)
  RETURN count(s) AS totalStores
}
MATCH (c:Claim) WHERE c.search_terms IS NOT NULL
CALL (c) {
  OPTIONAL MATCH (c)-[:CITED_AT]->(:Snapshot)-[:OF]->(:Source)-[:IN]->(store:Store)
  RETURN collect(DISTINCT store.name) AS stores
}
UNWIND c.search_terms AS term
UNWIND CASE WHEN size(stores) = 0 THEN [null] ELSE stores END AS store
WITH totalClaims, totalStores, term, count(DISTINCT c) AS claims, count(DISTINCT store) AS stores
WHERE (claims >= $min_claims AND claims >= $share * totalClaims)
   OR (stores >= $min_stores AND stores >= $store_share * totalStores)
RETURN term, claims, stores
ORDER BY term
;
