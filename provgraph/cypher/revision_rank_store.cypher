// name: revision_rank_store
// plan: kept
// description: Store the revision rank of claims (null removes it: the claim may lie on or reach a cycle of CORRECTS or
// description: SUPERSEDES edges, and rule 5 walks its reach). Returns stored (how many claims).
// param rows: list of {claim: uid, rank: integer or null}
// mode: write
UNWIND $rows AS row
MATCH (c:Claim {uid: row.claim})
USING INDEX c:Claim(uid)
SET c.revision_rank = row.rank
RETURN count(c) AS stored
;
