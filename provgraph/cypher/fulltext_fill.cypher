// name: fulltext_fill
// description: Set the full-text fields (search_title, search_subject, search_value, search_text, search_terms,
// description: search_scope, search_scope_under, search_words, search_stems; provgraph/graph/fulltext.py) on the given claims. Returns how many were set.
// description: Each is marked for a lookup by the write-time suspects pass (SuspectsPending).
// param rows: list of {uid, search: {search_version, search_title, search_subject, search_value, search_text, search_scope, search_scope_under, search_terms, search_free_text, search_words, search_stems, search_query (null: removed)}}
// mode: write
UNWIND $rows AS row
MATCH (c:Claim {uid: row.uid})
SET c += row.search, c:SuspectsPending
RETURN count(c) AS filled
;
