// name: rival_roster_mark_subjects_stale
// description: Mark the given subjects' rosters owed (`provgraph check --fix` on rosters that differ from the
// description: computation: the write-time pass computes them again). Returns owed (how many).
// param subjects: list of subjects
// mode: write
UNWIND $subjects AS about
MATCH (roster:RivalRoster {subject: about})
SET roster.owed = true
RETURN count(roster) AS owed
;
