// name: status_mark_stale
// plan: kept
// description: Mark stale the stored status of the given claims (the write-time pass found them too deep to store, see
// description: status_affected): their status is computed whenever it is read, and so is their revision closure (the kept
// description: one, revision_closure_rows, is marked stale with it) and it is no
// description: longer retired (status_retired_since: rules/never-retired). Returns marked (how many claims).
// param claims: list of claim uids
// mode: write
UNWIND $claims AS uid
MATCH (c:Claim {uid: uid})
USING INDEX c:Claim(uid)
SET c.status = null, c.status_reason = null, c.status_computed_at = null, c.status_expires = null,
  // no stored status: it may be a rival again (rules/subject-live)
  c.status_retired_since = /*INCLUDE never-retired*/
// INCLUDE closure-mark-stale(c) (every property the kept closure is in; written in rules/closure-mark-stale.cypher)
RETURN count(c) AS marked
;
