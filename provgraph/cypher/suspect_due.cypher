// name: suspect_due
// description: The claims whose full-text lookup is due: they have full-text fields (search_query) and no kept lookup
// description: (search_looked_up_at null: written before suspects were kept, or their fields were just rewritten by
// description: `provgraph init`). One row per claim: uid, in uid order.
MATCH (claim:Claim)
WHERE claim.search_query IS NOT NULL AND claim.search_looked_up_at IS NULL
RETURN claim.uid AS uid
ORDER BY uid
;
