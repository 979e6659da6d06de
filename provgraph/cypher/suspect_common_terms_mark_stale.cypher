// name: suspect_common_terms_mark_stale
// description: Mark stale the kept common terms (a schema install that re-filled the search fields they were computed from);
// description: until the next ingest keeps them again, suspects computes them live.
// mode: write
MATCH (kept:SuspectTerms)
DELETE kept
RETURN count(*) AS forgotten
;
