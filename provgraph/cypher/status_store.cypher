// name: status_store
// description: Store the status rows of the default question (each claim's own scope at $t, as the status query
// description: computed them, each with expires and edge_scopes from status_expiry) on their claims:
// description: status_computed_at = $t, status_expires, status_edge_scopes. Returns stored (how many claims).
// param rows: list of status rows (the status query's columns, plus expires, edge_scopes and closure: a status_closure row) of the default question at $t
// param t: the time they were computed for (DateTime)
// mode: write
UNWIND $rows AS row
MATCH (c:Claim {uid: row.claim})
USING INDEX c:Claim(uid)
SET c.status = row.status,
    c.status_reason = row.reason,
    c.status_question_scope = row.question_scope,
    c.status_scope = row.scope,
    c.status_subject = row.subject,
    c.status_value = row.value,
    c.status_declared = row.declared,
    c.status_text = row.text,
    c.status_source = row.source,
    c.status_snapshot = row.snapshot,
    c.status_snapshot_uid = row.snapshot_uid,
    c.status_line_start = row.line_start,
    c.status_line_end = row.line_end,
    c.status_valid_from = row.valid_from,
    c.status_valid_until = row.valid_until,
    c.status_successors = row.successors,
    c.status_conflicts_with = row.conflicts_with,
    c.status_premises = row.premises,
    c.status_premises_not_current = row.premises_not_current,
    c.status_pending = row.pending,
    c.status_amendments = row.amendments,
    c.status_computed_at = $t,
    c.status_expires = row.expires,
    c.status_edge_scopes = row.edge_scopes,
    c.status_closure_q = row.closure.q,
    c.status_closure_successors = row.closure.successors,
    c.status_closure_directs = row.closure.directs,
    c.status_closure_kinds = row.closure.kinds,
    c.status_closure_nexts = row.closure.nexts,
    c.status_closure_edge_scopes = row.closure.edge_scopes,
    c.status_closure_vias = row.closure.vias,
    c.status_closure_heads = row.closure.heads,
    c.status_closure_forces = row.closure.forces
RETURN count(c) AS stored
;
