// A claim `c`'s status for the default question as stored at write time, at $t: one row of the status query's
// columns (times as integer epoch microseconds), plus fresh; filtered by $subject and $only. Needs c.
WITH c
WHERE $subject IS NULL OR c.subject = $subject
WITH c, /*INCLUDE stored-fresh(c)*/
  AS fresh
WHERE NOT fresh OR $only IS NULL OR c.status IN $only
RETURN
  c.uid AS claim,
  fresh,
  CASE WHEN fresh THEN c.status END AS status,
  c.status_reason AS reason,
  c.status_question_scope AS question_scope,
  c.status_scope AS scope,
  c.status_subject AS subject,
  c.status_value AS value,
  c.status_declared AS declared,
  c.status_text AS text,
  coalesce(c.placeholder, false) AS placeholder,
  c.status_source AS source,
  c.status_path AS path,
  coalesce(c.status_aliases, []) AS aliases,
  c.status_snapshot AS snapshot,
  c.status_snapshot_uid AS snapshot_uid,
  c.status_line_start AS line_start,
  c.status_line_end AS line_end,
  /*INCLUDE epoch-us(c.asserted_at)*/ AS asserted_at,
  /*INCLUDE epoch-us(c.status_valid_from)*/ AS valid_from,
  /*INCLUDE epoch-us(c.status_valid_until)*/ AS valid_until,
  coalesce(c.status_successors, []) AS successors,
  coalesce(c.status_conflicts_with, []) AS conflicts_with,
  coalesce(c.status_premises, []) AS premises,
  coalesce(c.status_premises_not_current, []) AS premises_not_current,
  coalesce(c.status_premise_verdicts, []) AS premise_verdicts,
  coalesce(c.status_successor_scopes, []) AS successor_scopes,
  coalesce(c.status_successors_elsewhere, []) AS successors_elsewhere,
  coalesce(c.status_successors_elsewhere_scopes, []) AS successors_elsewhere_scopes,
  coalesce(c.status_pending, []) AS pending,
  coalesce(c.status_amendments, []) AS amendments,
  /*INCLUDE epoch-us(c.status_since)*/ AS since,
  c.status_because_kind AS because_kind,
  c.status_because AS because,
  c.status_because_snapshot AS because_snapshot,
  c.status_because_commit AS because_commit,
  c.status_because_author AS because_author,
  c.status_because_committer AS because_committer,
  c.status_because_file AS because_file,
  c.status_because_line AS because_line,
  c.status_because_by AS because_by
