// name: suspect_common_terms
// description: The search_terms that recur across many claims with free text (template headings and sentences a store
// description: writes on every record): a term said by at least $min_claims such claims and $share of all of them. Such
// description: a term weighs nothing in a suspect pair (cypher/suspects.cypher): it never counts among the terms a pair
// description: must share. Only claims with free text are ever in a pair (rules/suspect-texts-may-pair), so only they
// description: are counted: found by a seek in the index on search_free_text (schema 7), and, on a store an older
// description: provgraph wrote, whose claims written before search_free_text existed lack it (free text), by a scan of
// description: every claim for those too (schema 7 gives them true: graph/schema.py). One row per common term: term,
// description: claims. (Counting the stores a term is said in took the topic words of a graph whose stores cover the
// description: same components, bench/HISTORY.md "Suspects"; boilerplate said once per store, such as each log's "Record
// description: architecture decisions", is a restatement instead: suspects.cypher.)
// param share: least share (0..1) of the claims with free text that say a common term
// param min_claims: least number of claims that say a common term (so a small graph has none by share alone)
OPTIONAL MATCH (termsSchema:ProvgraphSchema {name: 'schema'})
WITH coalesce(termsSchema.version, 0) >= 7 AS freeTextIndexed
CALL (freeTextIndexed) {
  CALL (freeTextIndexed) {
    MATCH (c:Claim) WHERE c.search_free_text = true
    RETURN c
    UNION ALL
    // the guard as a row source, so that the scan runs only behind it (a WHERE is planned after the scan)
    UNWIND CASE WHEN freeTextIndexed THEN [] ELSE [1] END AS scanned
    MATCH (c:Claim) WHERE c.search_free_text IS NULL
    RETURN c
  }
  WITH c WHERE c.search_terms IS NOT NULL
  RETURN count(c) AS totalClaims
}
CALL (freeTextIndexed) {
  MATCH (c:Claim) WHERE c.search_free_text = true
  RETURN c
  UNION ALL
  UNWIND CASE WHEN freeTextIndexed THEN [] ELSE [1] END AS scanned
  MATCH (c:Claim) WHERE c.search_free_text IS NULL
  RETURN c
}
WITH totalClaims, c WHERE c.search_terms IS NOT NULL
UNWIND c.search_terms AS term
WITH totalClaims, term, count(c) AS claims
WHERE claims >= $min_claims AND claims >= $share * totalClaims
RETURN term, claims
ORDER BY term
;
