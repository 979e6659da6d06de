// A pair's text-level test, the same whenever it is asked: earlier and later (already ordered by time) and their
// similarity in; kept when similarity >= $least (the least a candidate needs: rules/suspect-judge ranks them) or they have
// the same title (rules/suspect-same-title), their scopes overlap (equal, one under the other, or one
// global), they are not rivals (same non-empty subject with another value: status rule 10), they do not say the
// very same words (equal search_terms: a restatement revises nothing) and they share at least $min_terms
// search_terms, or have the same title (rules/suspect-same-title). Out: earlier, earlierScope, later, laterScope, similarity, shared (every shared term, common ones too).
WITH earlier, later, similarity, coalesce(earlier.scope, '') AS earlierScope, coalesce(later.scope, '') AS laterScope
WHERE (similarity >= $least OR /*INCLUDE suspect-same-title(earlier, later)*/)
  AND (/*INCLUDE scope-covers(earlierScope, laterScope)*/ OR /*INCLUDE scope-covers(laterScope, earlierScope)*/)
  AND /*INCLUDE suspect-texts-may-pair(earlier, later)*/
WITH earlier, earlierScope, later, laterScope, similarity, /*INCLUDE shared-terms(earlier, later)*/ AS shared
WHERE (size(shared) >= $min_terms OR /*INCLUDE suspect-same-title(earlier, later)*/)
