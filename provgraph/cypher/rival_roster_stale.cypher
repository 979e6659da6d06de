// name: rival_roster_stale
// description: The subjects whose roster a write marked stale (rival_roster_mark_stale), sorted: the write-time pass computes
// description: them again before it computes any status (provgraph/engine/rosters.py).
MATCH (roster:RivalRoster)
WHERE roster.owed
RETURN roster.subject AS subject
ORDER BY subject
;
