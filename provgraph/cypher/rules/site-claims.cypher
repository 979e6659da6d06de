// Every claim with a uid, or (when $claims is a list of uids) those claims: one row each, as c. Used inside
// `CALL () { ... }`; a site's first build reads every claim, a rebuild only the claims whose page changed.
WITH 1 AS one WHERE $claims IS NULL
MATCH (c:Claim) WHERE c.uid IS NOT NULL
RETURN c
UNION
WITH 1 AS one WHERE $claims IS NOT NULL
UNWIND $claims AS wanted
MATCH (c:Claim {uid: wanted})
RETURN c
