// name: status_closure_kept
// description: The successor closures kept with the given claims' stored statuses (status_closure) that answer each
// description: claim's own scope at $t (rules/closure-kept): one row per such claim, claim and rows (as rules/closure-rows,
// description: in successor order). What `provgraph check` compares with the walk (status_closure).
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
