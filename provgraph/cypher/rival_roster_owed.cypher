// name: rival_roster_owed
// description: The subjects whose roster a write marked owed (rival_roster_owe), sorted: the write-time pass computes
// description: them again before it computes any status (provgraph/engine/rosters.py).
MATCH (roster:RivalRoster)
WHERE roster.owed
RETURN roster.subject AS subject
ORDER BY subject
;
