// name: fulltext_index_drop
// description: Drop the full-text index `claim_search` (before `fulltext_index` re-creates it over the current fields).
// mode: write
DROP INDEX claim_search IF EXISTS
;
