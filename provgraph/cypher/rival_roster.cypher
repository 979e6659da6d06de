// name: rival_roster
// description: What a rival roster holds (docs/design.md "Rival rosters"), computed at $t: for each given subject, the
// description: question scopes it is judged at (the own scopes of the claims on it as of $t), and for each scope the
// description: claims on the subject that rules 1-9 find ACTIVE or CONFLICT there (a revision cycle: verify counts it as
// description: a rival), as entries {q, uid, status, reason, scope, subject, value} (by rules 1-9; their scope, subject
// description: and value as of $t), and claims: every claim on it (what the roster's expiry reads).
// description: Linear in the subject's size times its scopes: each claim is judged once a scope, never once a pair.
// param subjects: list of subjects
// param t: the time it is computed for (DateTime)
// param q: null (the question scope of each claim is its own)
UNWIND $subjects AS about
CALL (about) {
  MATCH (c:Claim {subject: about})
  USING INDEX c:Claim(subject)
  // INCLUDE question-scope (the question scope q of claim c: its own scope as of $t)
  RETURN collect(DISTINCT q) AS scopes, collect(c.uid) AS claims
}
CALL (about, scopes) {
  UNWIND scopes AS q
  MATCH (x:Claim {subject: about})
  USING INDEX x:Claim(subject)
  WITH x, q
  // INCLUDE base-rules (rules 1-9 for claim x at question scope q and time $t; written in rules/base-rules.cypher)
  WITH x, q, base
  WHERE base.status IS NULL OR base.status = 'CONFLICT'
  // the start of its run, for the account of a rival's status (status_account reads it from the roster)
  WITH x, q, base, x AS y
  // INCLUDE claim-run (the run of y; written in rules/claim-run.cypher)
  WITH x, q, base, start
  WITH {q: q, uid: x.uid, run_snapshot: start.snapshot, run_at: start.at, run_line: start.line, status: coalesce(base.status, 'ACTIVE'), reason: coalesce(base.reason, 'CURRENT'),
        scope: base.scope, subject: base.subject, value: base.value} AS entry
  // in the order rule 10 reads them (rules/roster-entries): by scope, then uid, as Cypher orders strings
  ORDER BY entry.q, entry.uid
  RETURN collect(entry) AS entries
}
RETURN about AS subject, COLLECT { UNWIND scopes AS q RETURN q ORDER BY q } AS scopes, entries, claims
;
