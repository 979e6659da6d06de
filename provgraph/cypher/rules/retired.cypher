// The stored status row `row` (the default question's, about to be stored at $t) makes its claim retired from $t
// until a write changes it: STALE with nothing pending (no expiry), its scope its question scope, and every edge scope
// its rules read covering that scope. Then at every question scope q and every later instant the claim is STALE, or
// UNKNOWN by rule 3 where its scope does not cover q (the same edges are visible at every q its scope covers), as
// verify judges a rival from its stored status: no rival that verify could miss (rules/subject-live).
// arguments: row
row.status = 'STALE' AND row.expires IS NULL AND coalesce(row.scope, '') = coalesce(row.question_scope, '')
  AND all(s IN coalesce(row.edge_scopes, []) WHERE /*INCLUDE scope-covers(s, row.question_scope)*/)
