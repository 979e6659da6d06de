// name: rival_roster_kept
// description: Every rival roster not marked stale and still fresh at $t (docs/design.md "Rival rosters"), with what it
// description: holds, sorted by subject: `provgraph check` compares each with the roster computed again
// description: (provgraph/engine/stored_check.py), since the status computation itself reads it.
// param t: the time it is compared at (DateTime)
MATCH (roster:RivalRoster)
WHERE NOT roster.owed AND roster.computed_at <= $t AND (roster.expires IS NULL OR roster.expires > $t)
RETURN roster.subject AS subject, roster {.scopes, .entry_scopes, .members, .reasons, .member_scopes, .subjects,
  .values, .valued, .run_snapshots, .run_ats, .run_lines, .expires} AS kept
ORDER BY subject
;
