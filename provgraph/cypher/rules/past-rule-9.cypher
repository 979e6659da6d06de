// Reason `reason` is one of rules 10-12 (EXPLICIT_CONFLICT, RIVAL_CLAIM, PREMISE_NOT_CURRENT, CURRENT): the claim is
// ACTIVE by rules 1-9. The last four of provgraph.engine.status.REASONS, which the write-time status pass reads for the
// same set (tests/status/test_rule_sources.py holds the two equal).
// arguments: reason
reason IN ['EXPLICIT_CONFLICT', 'RIVAL_CLAIM', 'PREMISE_NOT_CURRENT', 'CURRENT']
