// name: adjudication_standing_distinct
// description: The `--distinct` adjudication in force at $at between claims $a and $b, if any (adjudication, decided_at,
// description: by, why): `provgraph adjudicate --distinct` returns it instead of recording the same dismissal twice.
// param a: a claim uid
// param b: the other claim uid
// param at: the decision time (DateTime)
MATCH (:Claim {uid: $a})<-[:DISTINGUISHES]-(adjudication:Adjudication)-[:DISTINGUISHES]->(:Claim {uid: $b})
WHERE adjudication.decided_at <= $at AND (adjudication.revoked_at IS NULL OR adjudication.revoked_at > $at)
RETURN adjudication.uid AS adjudication, adjudication.decided_at AS decided_at, adjudication.by AS by,
       coalesce(adjudication.why, '') AS why
ORDER BY decided_at, adjudication
LIMIT 1
;
