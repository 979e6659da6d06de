// name: status_premise_order
// description: The direct premises (DEPENDS_ON, at any time) of each of the given claims: the write-time pass stores
// description: a chain of premises from the bottom up, so that each claim's rule 11 stops at the stored premise below
// description: it (docs/design.md "Kept premises"). One row per claim with a premise: claim, premises (uids).
// param claims: list of claim uids
UNWIND $claims AS uid
MATCH (c:Claim {uid: uid})
USING INDEX c:Claim(uid)
MATCH (c)-[:DEPENDS_ON]->(p:Claim)
WHERE p <> c
RETURN c.uid AS claim, collect(DISTINCT p.uid) AS premises
;
