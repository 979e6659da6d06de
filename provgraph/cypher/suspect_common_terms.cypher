// name: suspect_common_terms
// description: The search_terms that recur across many claims (template headings and sentences a store writes on every
// description: record): a term said by at least $min_claims claims and $share of all claims. Such a term weighs nothing
// description: in a suspect pair (cypher/suspects.cypher): it never counts among the terms a pair must share. One row per
// description: common term: term, claims. (Counting the stores a term is said in took the topic words of a graph whose
// description: stores cover the same components, bench/README.md "Suspects"; boilerplate said once per store, such as each
// description: log's "Record architecture decisions", is a restatement instead: suspects.cypher.)
// param share: least share (0..1) of all claims that say a common term
// param min_claims: least number of claims that say a common term (so a small graph has none by share alone)
CALL () {
  MATCH (c:Claim) WHERE c.search_terms IS NOT NULL
  RETURN count(c) AS totalClaims
}
MATCH (c:Claim) WHERE c.search_terms IS NOT NULL
UNWIND c.search_terms AS term
WITH totalClaims, term, count(c) AS claims
WHERE claims >= $min_claims AND claims >= $share * totalClaims
RETURN term, claims
ORDER BY term
;
