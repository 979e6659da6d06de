// name: suspects_mark_common
// description: After the kept common terms changed (suspect_common_terms_keep): mark SuspectsRelook every claim already
// description: looked up whose search_stems hold a term in $changed (one that became common or stopped being so), since its
// description: lookup's query (rules/suspect-query) leaves out other words now; the next pass looks it up again. Other
// description: claims' queries are unchanged. A scan of every claim, run only when the set changed. Returns how many.
// param changed: the terms that entered or left the common set
// mode: write
MATCH (c:Claim)
WHERE c.suspects_at IS NOT NULL AND NOT c:SuspectsPending
  AND any(term IN coalesce(c.search_stems, []) WHERE term IN $changed)
SET c:SuspectsRelook
RETURN count(c) AS marked
;
