// name: status_store
// description: Store the status rows of the default question (each claim's own scope at $t, as the status query
// description: computed them) on their claims, with status_computed_at = $t and status_expires: the earliest instant
// description: after $t at which any time the rules compare with $t changes side, among the claim and everything its
// description: status reads (its DEPENDS_ON premises, the rivals and explicit partners of both, and for all of those
// description: the claims revising them and the claims they reach through revision edges): asserted_at, valid_from,
// description: valid_until of claims and citations, revised_at and until of every snapshot of their sources, valid_from
// description: and valid_to of their edges. Null when nothing is pending. Untimed and unscoped, so never later than the
// description: true instant. status_edge_scopes: the non-empty scopes of the revision edges around the claim and its
// description: revision closure (what rules 5 and 6 compare with the question scope). Returns stored (how many claims).
// param rows: list of status rows (the status query's columns) of the default question at $t
// param t: the time they were computed for (DateTime)
// mode: write
UNWIND $rows AS row
MATCH (c:Claim {uid: row.claim})
USING INDEX c:Claim(uid)
CALL (c) {
  CALL (c) {
    RETURN c AS p
    UNION
    MATCH (c)-[:DEPENDS_ON*1..]->(p:Claim)
    RETURN DISTINCT p
  }
  WITH DISTINCT p
  CALL (p) {
    RETURN p AS o
    UNION
    MATCH (p)-[:CONFLICTS_WITH]-(o:Claim)
    RETURN o
    UNION
    MATCH (o:Claim {subject: p.subject})
    USING INDEX o:Claim(subject)
    WHERE p.subject <> ''
    RETURN o
  }
  WITH DISTINCT o
  CALL (o) {
    RETURN o AS y
    UNION
    MATCH (o)<-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(y:Claim)
    RETURN y
    UNION
    MATCH (o)-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]->(y:Claim)
    RETURN DISTINCT y
  }
  WITH DISTINCT y
  CALL (y) {
    UNWIND [y.asserted_at, y.valid_from, y.valid_until] AS moment
    RETURN moment
    UNION ALL
    MATCH (y)-[cited:CITED_AT]->(:Snapshot)
    UNWIND [cited.valid_from, cited.valid_until] AS moment
    RETURN moment
    UNION ALL
    MATCH (y)-[:CITED_AT]->(:Snapshot)-[:OF]->(:Source)<-[:OF]-(snap:Snapshot)
    UNWIND [snap.revised_at, snap.until] AS moment
    RETURN moment
    UNION ALL
    MATCH (y)-[edge:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS|CONFLICTS_WITH|DEPENDS_ON]-(:Claim)
    UNWIND [edge.valid_from, edge.valid_to] AS moment
    RETURN moment
  }
  WITH moment
  WHERE moment > $t
  RETURN min(moment) AS expires
}
// the scopes of the revision edges rules 5 and 6 can read for this claim (verify_requests judges a rival at another
// question scope from the stored status when each of them covers both scopes alike)
CALL (c) {
  CALL (c) {
    RETURN c AS m
    UNION
    MATCH (c)-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]->(m:Claim)
    RETURN DISTINCT m
  }
  OPTIONAL MATCH (m)-[edge:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(:Claim)
  WITH DISTINCT coalesce(edge.scope, '') AS edgeScope
  WHERE edgeScope <> ''
  RETURN collect(edgeScope) AS edgeScopes
}
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
    c.status_expires = expires,
    c.status_edge_scopes = edgeScopes
RETURN count(c) AS stored
;
