// name: fulltext_index
// description: Create the full-text index `claim_search` (Lucene, English analyzer) over the claim fields ingest writes
// description: for `provgraph suspects` (provgraph/graph/fulltext.py FIELDS and SCOPE_FIELDS). Idempotent; `provgraph init` runs it.
// mode: write
CREATE FULLTEXT INDEX claim_search IF NOT EXISTS
FOR (c:Claim) ON EACH [c.search_title, c.search_subject, c.search_value, c.search_text, c.search_scope, c.search_scope_under]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
;
