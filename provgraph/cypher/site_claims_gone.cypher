// name: site_claims_gone
// plan: kept
// description: Which of $claims no claim has now (a decision site's last build had them): their uids.
// param claims: claim uids
UNWIND $claims AS uid
OPTIONAL MATCH (now:Claim {uid: uid})
WITH uid, now WHERE now IS NULL
RETURN uid
;
