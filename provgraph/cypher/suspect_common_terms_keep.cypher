// name: suspect_common_terms_keep
// description: Keep the common search terms just computed (suspect_common_terms), replacing those kept before.
// param terms: list of the common terms
// param t: when they were computed (DateTime)
// mode: write
MERGE (kept:SuspectTerms {name: 'common-by-claims'})
SET kept.terms = $terms, kept.computed_at = $t
RETURN size(kept.terms) AS terms
;
