// name: rival_roster_mark_stale
// description: The rosters a write marks stale (docs/design.md "Rival rosters"): for every subject the given claims have, or
// description: were ever cited with, a subject whose claims no revision edge retires are more than $limit (as
// description: status_affected counts it) gets a roster marked stale, computed again by the write-time pass
// description: (provgraph/engine/rosters.py); any other subject's roster is deleted (rule 10 judges it claim by claim).
// description: Returns owed (how many subjects now have a roster marked stale) and dropped.
// param claims: list of claim uids the write can affect (status_affected's, deep ones included)
// param limit: the claims on a subject past which it is crowded (stored_status.DEEP)
// mode: write
CALL () {
  UNWIND $claims AS uid
  MATCH (c:Claim {uid: uid})
  USING INDEX c:Claim(uid)
  UNWIND [c.subject] + COLLECT { MATCH (c)-[cited:CITED_AT]->(:Snapshot) RETURN cited.subject } AS about
  WITH about WHERE about IS NOT NULL AND about <> ''
  RETURN collect(DISTINCT about) AS subjects
}
UNWIND subjects AS about
WITH about, COUNT {
    MATCH (x:Claim {subject: about})
    WHERE NOT EXISTS { (x)<-[:CORRECTS|SUPERSEDES|INVALIDATES]-(:Claim) }
    WITH x LIMIT $limit + 1 RETURN x } > $limit AS crowded
CALL (about, crowded) {
  WITH about WHERE crowded
  MERGE (roster:RivalRoster {subject: about})
  SET roster.owed = true
  RETURN 1 AS owed, 0 AS dropped
  UNION ALL
  WITH about WHERE NOT crowded
  MATCH (roster:RivalRoster {subject: about})
  DELETE roster
  RETURN 0 AS owed, 1 AS dropped
}
RETURN sum(owed) AS owed, sum(dropped) AS dropped
;
