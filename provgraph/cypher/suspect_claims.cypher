// name: suspect_claims
// description: Every claim a full-text lookup runs from (it has a search_query), in uid order (`suspects --refresh`).
// description: One row per claim: uid.
MATCH (claim:Claim)
WHERE claim.uid IS NOT NULL AND claim.search_query IS NOT NULL
RETURN claim.uid AS uid
ORDER BY uid
;
