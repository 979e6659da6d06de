// A pair's text-level test, the same whenever it is asked: earlier and later (already ordered by time) and their
// similarity in; kept when similarity >= $min_score, their scopes overlap (equal, one under the other, or one
// global), they are not rivals (same non-empty subject with another value: status rule 10), they do not say the
// very same words (equal search_terms: a restatement revises nothing) and they share at least $min_terms
// search_terms. Out: earlier, earlierScope, later, laterScope, similarity, shared (every shared term, common ones too).
WITH earlier, later, similarity, coalesce(earlier.scope, '') AS earlierScope, coalesce(later.scope, '') AS laterScope
WHERE similarity >= $min_score
  AND (earlierScope = '' OR laterScope = '' OR earlierScope = laterScope
       OR laterScope STARTS WITH earlierScope + '/' OR earlierScope STARTS WITH laterScope + '/')
  AND NOT (coalesce(earlier.subject, '') <> '' AND earlier.subject = coalesce(later.subject, '')
           AND NOT coalesce(earlier.value = later.value, false))
  AND earlier.search_terms <> later.search_terms
WITH earlier, earlierScope, later, laterScope, similarity,
     [term IN earlier.search_terms WHERE term IN later.search_terms] AS shared
WHERE size(shared) >= $min_terms
