// name: status_rows_all
// description: Every claim's status for the default question (each claim's own scope) at $t as stored at write time,
// description: as `provgraph status` prints it: claim, fresh (as in status_stored_all) and, when fresh, row = the values
// description: of the JSON object in its order (provgraph.engine.status_rows.FIELDS), less successors_elsewhere, whose
// description: uids and scopes end the list. The four times are integer epoch microseconds. One list a claim, not 40
// description: columns: the driver builds each record in Python, a few microseconds a column. A row that is not fresh
// description: carries a null row: its caller takes the full computation. Sorted by uid (the uid index's order).
// param t: the as-of time (DateTime)
// param subject: only claims about this subject, or null
// param only: list of statuses to keep (fresh rows only), or null for all
MATCH (c:Claim)
WHERE c.uid IS NOT NULL  // the uid index then gives the rows in uid order: no sort holds them all first
  AND ($subject IS NULL OR c.subject = $subject)
WITH c, /*INCLUDE stored-fresh(c)*/ AS fresh
WHERE NOT fresh OR $only IS NULL OR c.status IN $only
RETURN c.uid AS claim, fresh, CASE WHEN fresh THEN [
  c.uid,
  c.status,
  c.status_reason,
  coalesce(c.status_scope, ''),
  c.status_subject,
  c.status_value,
  c.status_source,
  c.status_path,
  coalesce(c.status_aliases, []),
  CASE WHEN c.status_snapshot <> '' THEN 'sha256:' + c.status_snapshot END,
  CASE WHEN c.status_line_start IS NOT NULL THEN [c.status_line_start, coalesce(c.status_line_end, c.status_line_start)] END,
  coalesce(c.status_successors, []),
  coalesce(c.status_conflicts_with, []),
  coalesce(c.status_question_scope, ''),
  c.status_declared,
  coalesce(c.placeholder, false),
  coalesce(c.status_premises, []),
  coalesce(c.status_premises_not_current, []),
  /*INCLUDE epoch-us(c.asserted_at)*/,
  /*INCLUDE epoch-us(c.status_valid_from)*/,
  /*INCLUDE epoch-us(c.status_valid_until)*/,
  coalesce(c.status_pending, []),
  coalesce(c.status_amendments, []),
  /*INCLUDE epoch-us(c.status_since)*/,
  c.status_because_kind,
  c.status_because,
  c.status_because_snapshot,
  c.status_because_commit,
  c.status_because_author,
  c.status_because_committer,
  c.status_because_file,
  c.status_because_line,
  c.status_because_by,
  coalesce(c.status_successor_scopes, []),
  null,
  coalesce(c.status_premise_verdicts, []),
  coalesce(c.status_successors_elsewhere, []),
  coalesce(c.status_successors_elsewhere_scopes, [])
] END AS row
ORDER BY claim
;
