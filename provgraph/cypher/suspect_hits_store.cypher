// name: suspect_hits_store
// description: Keep on each claim what its full-text lookup found (`suspect_lookup`): search_hits (uids, best first),
// description: search_ratios (the same order) and search_looked_up_at. Returns stored (how many claims).
// param rows: list of {uid, hits, ratios}
// param t: when the lookups ran (DateTime)
// mode: write
UNWIND $rows AS row
MATCH (claim:Claim {uid: row.uid})
USING INDEX claim:Claim(uid)
SET claim.search_hits = row.hits, claim.search_ratios = row.ratios, claim.search_looked_up_at = $t
RETURN count(claim) AS stored
;
