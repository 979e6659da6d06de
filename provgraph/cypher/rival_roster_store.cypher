// name: rival_roster_store
// description: Store the rosters just computed (provgraph/engine/rosters.py from rival_roster and status_expiry), one
// description: row per subject, no longer owed. Returns stored (how many).
// param rows: list of {subject, scopes, entry_scopes, members, reasons, member_scopes, subjects, values, valued, run_snapshots, run_ats, run_lines, expires}
// param t: the time they were computed for (DateTime)
// mode: write
UNWIND $rows AS row
MERGE (roster:RivalRoster {subject: row.subject})
SET roster.owed = false, roster.computed_at = $t, roster.expires = row.expires, roster.scopes = row.scopes,
  roster.entry_scopes = row.entry_scopes, roster.members = row.members, roster.reasons = row.reasons, roster.member_scopes = row.member_scopes,
  roster.subjects = row.subjects, roster.values = row.values, roster.valued = row.valued,
  roster.run_snapshots = row.run_snapshots, roster.run_ats = row.run_ats, roster.run_lines = row.run_lines
RETURN count(roster) AS stored
;
