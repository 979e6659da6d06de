// Claims `a` and `b` may be a suspect pair by the text-level tests that need no score: they do not say the very same
// words (equal search_terms: a restatement revises nothing) and they are not rivals (the same non-empty subject with
// another value: status rule 10).
// arguments: a, b
a.search_terms <> b.search_terms
  AND NOT (coalesce(a.subject, '') <> '' AND a.subject = coalesce(b.subject, '') AND NOT coalesce(a.value = b.value, false))
