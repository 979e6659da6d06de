// name: suspect_common_terms_keep
// description: Keep the common search terms just computed (suspect_common_terms), replacing those kept before, and
// description: the claims they were counted over: a set an earlier rule counted is counted again by the next ingest that
// description: writes claims, even one that writes none with free text (keep_common_terms).
// param terms: list of the common terms
// param t: when they were computed (DateTime)
// param counted_over: the claims they were counted over (provgraph/engine/suspect_terms.py COMMON_OVER)
// mode: write
MERGE (kept:SuspectTerms {name: 'common-by-claims'})
SET kept.terms = $terms, kept.computed_at = $t, kept.counted_over = $counted_over
RETURN size(kept.terms) AS terms
;
