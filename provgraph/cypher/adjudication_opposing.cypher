// name: adjudication_opposing
// description: Adjudications in force at $at that decided the other way: they keep one of $retire and retire $keep.
// description: One row per such adjudication (adjudication, keeps, decided_at); `provgraph adjudicate` refuses to
// description: record the opposite decision until they are revoked, since both together would form a revision cycle.
// param keep: the claim to keep (uid)
// param retire: list of claim uids to retire
// param at: the decision time (DateTime)
MATCH (other:Adjudication)-[:RETIRES]->(:Claim {uid: $keep})
WHERE other.decided_at <= $at AND (other.revoked_at IS NULL OR other.revoked_at > $at)
MATCH (other)-[:KEEPS]->(kept:Claim)
WHERE kept.uid IN $retire
RETURN other.uid AS adjudication, kept.uid AS keeps, other.decided_at AS decided_at
ORDER BY adjudication
;
