// name: status_store
// plan: kept
// description: Store the status rows of the default question (each claim's own scope at $t, as the status query
// description: computed them, each with expires and edge_scopes from status_expiry) on their claims:
// description: status_computed_at = $t, status_expires, status_edge_scopes. Returns stored (how many claims).
// description: The account (since, because_*: cypher/status_account.cypher) is stored as status_since, status_because_*;
// description: the revision closure (closure, closure_scope, closure_expires, closure_edge_scopes: cypher/revision_closure_rows.cypher) as one
// description: list per column, status_closure_successor, _kind, _next, _edge_scope, _via, _head, _force.
// description: status_retired_since: $t when the row retires the claim (rules/retired), else the far future (rules/never-retired).
// description: A list that is empty is stored as no property (rules/list-kept), but status_closure_successor.
// param rows: list of status rows (the status query's columns, plus expires, edge_scopes, the account's columns and closure, closure_scope, closure_expires, closure_edge_scopes) of the default question at $t
// param t: the time they were computed for (DateTime)
// mode: write
UNWIND $rows AS row
MATCH (c:Claim {uid: row.claim})
USING INDEX c:Claim(uid)
// an empty or unkept closure keeps none of its lists but its successors (rules/list-kept)
WITH c, row, /*INCLUDE list-kept(row.closure)*/ AS closureRows
SET c.status = row.status,
    c.status_reason = row.reason,
    c.status_question_scope = row.question_scope,
    c.status_scope = row.scope,
    c.status_subject = row.subject,
    c.status_value = row.value,
    c.status_declared = row.declared,
    c.status_text = row.text,
    c.status_source = row.source,
    c.status_path = row.path,
    c.status_aliases = /*INCLUDE list-kept(row.aliases)*/,
    c.status_snapshot = row.snapshot,
    c.status_snapshot_uid = row.snapshot_uid,
    c.status_line_start = row.line_start,
    c.status_line_end = row.line_end,
    c.status_valid_from = row.valid_from,
    c.status_valid_until = row.valid_until,
    c.status_successors = /*INCLUDE list-kept(row.successors)*/,
    c.status_conflicts_with = /*INCLUDE list-kept(row.conflicts_with)*/,
    c.status_premises = /*INCLUDE list-kept(row.premises)*/,
    c.status_premises_not_current = /*INCLUDE list-kept(row.premises_not_current)*/,
    c.status_premise_verdicts = /*INCLUDE list-kept(row.premise_verdicts)*/,
    c.status_successor_scopes = /*INCLUDE list-kept(row.successor_scopes)*/,
    c.status_successors_elsewhere = /*INCLUDE list-kept(row.successors_elsewhere)*/,
    c.status_successors_elsewhere_scopes = /*INCLUDE list-kept(row.successors_elsewhere_scopes)*/,
    c.status_pending = /*INCLUDE list-kept(row.pending)*/,
    c.status_amendments = /*INCLUDE list-kept(row.amendments)*/,
    c.status_since = row.since,
    c.status_because_kind = row.because_kind,
    c.status_because = row.because,
    c.status_because_snapshot = row.because_snapshot,
    c.status_because_commit = row.because_commit,
    c.status_because_author = row.because_author,
    c.status_because_committer = row.because_committer,
    c.status_because_file = row.because_file,
    c.status_because_line = row.because_line,
    c.status_because_by = row.because_by,
    c.status_computed_at = $t,
    c.status_expires = row.expires,
    c.status_edge_scopes = /*INCLUDE list-kept(row.edge_scopes)*/,
    // from when the claim counts as no rival at any question scope (verify's seek leaves it out: rules/subject-live)
    c.status_retired_since = CASE WHEN /*INCLUDE retired(row)*/ THEN $t ELSE /*INCLUDE never-retired*/ END,
    // the kept revision closure (revision_closure_rows): one list per column of its rows, null when not kept; an empty
    // one keeps its successor list only, [] (rules/closure-kept reads that one)
    c.status_closure_successor = [r IN row.closure | r.successor],
    c.status_closure_kind = [r IN closureRows | r.kind],
    c.status_closure_next = [r IN closureRows | r.next],
    c.status_closure_edge_scope = [r IN closureRows | r.edge_scope],
    c.status_closure_via = [r IN closureRows | r.via],
    c.status_closure_head = [r IN closureRows | r.head],
    c.status_closure_force = [r IN closureRows | r.force],
    c.status_closure_scope = row.closure_scope,
    c.status_closure_expires = row.closure_expires,
    c.status_closure_edge_scopes = /*INCLUDE list-kept(row.closure_edge_scopes)*/
RETURN count(c) AS stored
;
