// name: report_findings
// description: What ingest noticed after $since (null: ever): log rewrites and other findings (kind, store, subject,
// description: detail, observed_at) and quarantined records (store, file, line, reason, observed_at), newest first,
// description: at most $limit of each, with the full counts.
// param since: only records observed after this time (DateTime), or null for all
// param kinds: Finding kinds to list (e.g. ['log_rewrite']), or null for every kind
// param limit: at most this many rows of each
CALL () {
  MATCH (f:Finding)
  WHERE ($since IS NULL OR f.observed_at > $since) AND ($kinds IS NULL OR f.kind IN $kinds)
  WITH f ORDER BY f.observed_at DESC, f.store, f.subject
  RETURN count(f) AS findings,
         collect({kind: f.kind, store: f.store, subject: f.subject, detail: f.detail,
                  observed_at: f.observed_at})[..$limit] AS finding_rows
}
CALL () {
  MATCH (q:Quarantine)
  WHERE $since IS NULL OR q.observed_at > $since
  WITH q ORDER BY q.observed_at DESC, q.store, q.file, q.line
  RETURN count(q) AS quarantined,
         collect({store: q.store, file: q.file, line: q.line, reason: q.reason,
                  observed_at: q.observed_at})[..$limit] AS quarantine_rows
}
RETURN findings, finding_rows, quarantined, quarantine_rows
;
