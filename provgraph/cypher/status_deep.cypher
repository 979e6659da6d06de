// name: status_deep
// plan: kept
// description: For the given claims, the last part of status_affected alone (rules/status-deep; no search for what a write affects): deep =
// description: its status reads more than $limit claims through one kind of link (revision reach for rule 5 when the
// description: claim has no revision rank, claims about its subject that no revision edge retires), so its status is
// description: not stored but computed when read; chained = more than $limit premises. For a load into an empty graph,
// description: whose claims are every claim there is and all affected (provgraph/engine/stored_status.py `settle_load`).
// description: One row per claim found: claim (uid), deep, chained, sorted by claim.
// param claims: list of claim uids
// param limit: how many claims one kind of link may reach before a claim's status is too costly to store
UNWIND $claims AS uid
MATCH (a:Claim {uid: uid})
USING INDEX a:Claim(uid)
WITH DISTINCT a
// INCLUDE status-deep (written in rules/status-deep.cypher)
;
