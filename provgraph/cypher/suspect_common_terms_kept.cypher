// name: suspect_common_terms_kept
// description: The common search terms as the last ingest that wrote claims kept them (suspect_common_terms_keep):
// description: one row with terms, computed_at, counted_over (the claims they were counted over; null: every claim, as an
// description: earlier provgraph counted them); no row when none are kept (a store an older provgraph wrote, a reset; the node
// description: 'common' of the earlier rule, which also counted stores, is not read), and the caller computes them live
// description: (suspect_common_terms).
MATCH (kept:SuspectTerms {name: 'common-by-claims'})
RETURN kept.terms AS terms, kept.computed_at AS computed_at, kept.counted_over AS counted_over
;
