// name: status_retired_drift
// description: The claims whose status_retired_since verify's seek of a subject's live claims cannot trust at $t
// description: (rules/subject-live): a claim with a subject and none (a write that bypassed provgraph), or one
// description: retired by $t whose stored status, fresh at $t, does not retire it from that instant (rules/retired),
// description: or that has no fresh stored status. One row per claim: claim (uid), retired_since (null when none), sorted.
// param t: the time checked (DateTime)
MATCH (c:Claim)
WHERE c.subject IS NOT NULL AND (c.status_retired_since IS NULL OR c.status_retired_since <= $t)
WITH c, {status: c.status, expires: c.status_expires, scope: c.status_scope, question_scope: c.status_question_scope,
         edge_scopes: c.status_edge_scopes} AS stored
WHERE c.status_retired_since IS NULL
   OR NOT (/*INCLUDE stored-fresh(c)*/ AND c.status_computed_at = c.status_retired_since AND /*INCLUDE retired(stored)*/)
RETURN c.uid AS claim, c.status_retired_since AS retired_since
ORDER BY claim
;
