// name: claim_rival_index
// description: The range index on claims' (subject, status_retired_since) (rules/subject-live): verify seeks a
// description: subject's claims not retired at $t, so a subject with thousands of revisions costs its live claims.
// mode: write
CREATE INDEX claim_subject_retired IF NOT EXISTS
FOR (c:Claim) ON (c.subject, c.status_retired_since)
;
