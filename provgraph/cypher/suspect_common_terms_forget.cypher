// name: suspect_common_terms_forget
// description: Forget the kept common terms (a schema install re-fills the search fields they were computed from);
// description: until the next ingest keeps them again, suspects computes them live.
// mode: write
MATCH (kept:SuspectTerms)
DELETE kept
RETURN count(*) AS forgotten
;
