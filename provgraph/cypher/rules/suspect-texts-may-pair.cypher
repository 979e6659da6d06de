// Claims `a` and `b` may be a suspect pair by the text-level tests that need no score: both have free text (a keyed
// entry whose message says no more than its key and value has rivals, not suspects: search_free_text,
// provgraph/graph/fulltext.py `free_text`; null on a claim written before it: free text), they do not say the very same
// words (equal search_terms: a restatement revises nothing) and they are not rivals (the same non-empty subject with
// another value: status rule 10).
// arguments: a, b
coalesce(a.search_free_text, true) AND coalesce(b.search_free_text, true)
  AND a.search_terms <> b.search_terms
  AND NOT (coalesce(a.subject, '') <> '' AND a.subject = coalesce(b.subject, '') AND NOT coalesce(a.value = b.value, false))
