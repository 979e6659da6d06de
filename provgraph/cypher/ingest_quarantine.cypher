// name: ingest_quarantine
// description: Record input that could not be parsed (file, line, reason) and findings worth reporting (log rewrites, self-references, unknown link types).
// param quarantined: list of {uid, store, file, line, reason}
// param findings: list of {uid, kind, store, subject, detail}
// param observed_at: the ingest time (DateTime)
// mode: write
CALL (*) {
  UNWIND $quarantined AS q
  MERGE (n:Quarantine {uid: q.uid})
    ON CREATE SET n.observed_at = $observed_at
  SET n.store = q.store, n.file = q.file, n.line = q.line, n.reason = q.reason
}
CALL (*) {
  UNWIND $findings AS f
  MERGE (n:Finding {uid: f.uid})
    ON CREATE SET n.observed_at = $observed_at
  SET n.kind = f.kind, n.store = f.store, n.subject = f.subject, n.detail = f.detail
}
;
