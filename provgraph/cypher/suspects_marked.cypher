// name: suspects_marked
// description: Up to $limit claims the write-time suspects pass still has to take a step (provgraph/engine/suspects.py
// description: `keep_pending`), those with label $label: SuspectsPending (written: to look up), SuspectsRelook (a claim
// description: written since found it: to look up again) or SuspectsPairs (looked up: its kept pairs to recompute).
// param label: SuspectsPending, SuspectsRelook or SuspectsPairs
// param limit: at most this many uids
CALL () {
  WITH 1 AS one WHERE $label = 'SuspectsPending'
  MATCH (c:SuspectsPending) RETURN c
  UNION
  WITH 1 AS one WHERE $label = 'SuspectsRelook'
  MATCH (c:SuspectsRelook) RETURN c
  UNION
  WITH 1 AS one WHERE $label = 'SuspectsPairs'
  MATCH (c:SuspectsPairs) RETURN c
}
RETURN c.uid AS uid
LIMIT $limit
;
