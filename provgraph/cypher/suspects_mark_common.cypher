// name: suspects_mark_common
// description: After the kept common terms changed (suspect_common_terms_keep): mark SuspectsRelook every claim already
// description: looked up whose search_stems hold a term in $changed (one that became common or stopped being so), since its
// description: lookup's query (rules/suspect-query) leaves out other words now; the next pass looks it up again. Other
// description: claims' queries are unchanged. A scan of every claim, run only when the set changed. Returns how many.
// param changed: the terms that entered or left the common set
// mode: write
// A scan, not a seek in an index on search_stems: a term enters or leaves the set near COMMON_SHARE (10%) of the
// claims, so a seek still reads and marks that many. Measured on 100,000 claims, one term changed (10,000 marked):
// 310,002 db hits, 1.08 s scanning; 50,000 db hits, 0.98 s with a keyword full-text index, which every claim write
// would update and a schema version would install.
MATCH (c:Claim)
WHERE c.suspects_at IS NOT NULL AND NOT c:SuspectsPending
  AND any(term IN coalesce(c.search_stems, []) WHERE term IN $changed)
SET c:SuspectsRelook
RETURN count(c) AS marked
;
