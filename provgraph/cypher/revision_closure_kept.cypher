// name: revision_closure_kept
// description: The revision closures kept with the given claims' stored statuses (revision_closure_rows) that answer each
// description: claim's own scope at $t (rules/closure-kept): one row per such claim, claim and rows (as rules/closure-rows,
// description: in successor order). What `provgraph check` compares with the walk (revision_closure_rows).
// param claims: list of claim uids
// param t: the time to check at (DateTime)
UNWIND $claims AS uid
MATCH (c:Claim {uid: uid})
USING INDEX c:Claim(uid)
WITH c, coalesce(c.scope, '') AS q
WITH c WHERE /*INCLUDE closure-kept(c, q)*/
CALL (c) {
  // INCLUDE closure-kept-rows (the rows kept at write time; written in rules/closure-kept-rows.cypher)
  RETURN collect(row) AS rows
}
RETURN c.uid AS claim, rows
;
