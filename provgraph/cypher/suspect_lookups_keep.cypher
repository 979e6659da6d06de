// name: suspect_lookups_keep
// description: The write-time suspects pass, step 1, kept: each claim's lookup (suspect_lookups) stored on it as
// description: suspect_hits (uids, best first) and suspect_ratios (each hit's share of the best score), with
// description: suspects_at = $t; the claim is then marked for its pairs (SuspectsPairs). With $relook, each hit not looked up
// description: in this pass (suspects_at <> $t) and not marked for a lookup already is marked SuspectsRelook (its own
// description: lookup may now find the claim) when the two could be a pair by the text-level tests that need no
// description: score: they share at least $min_terms search_terms that are not $common, do not say the very same
// description: words, and are not rivals (rules/suspect-pair). Returns how many claims were kept.
// param rows: list of {uid, hits, ratios}
// param t: the pass's time (DateTime)
// param relook: true: mark the hits to look up again
// param common: the common search terms now (they weigh nothing in a pair)
// param min_terms: the least number of shared search_terms a pair needs
// mode: write
UNWIND $rows AS row
MATCH (claim:Claim {uid: row.uid})
SET claim.suspect_hits = row.hits,
    claim.suspect_ratios = row.ratios,
    claim.suspects_at = $t,
    claim:SuspectsPairs
REMOVE claim:SuspectsPending, claim:SuspectsRelook
WITH claim, row
CALL (claim, row) {
  UNWIND CASE WHEN $relook THEN row.hits ELSE [] END AS uid
  MATCH (other:Claim {uid: uid})
  WHERE (other.suspects_at IS NULL OR other.suspects_at <> $t) AND NOT other:SuspectsPending
    AND (size([term IN /*INCLUDE shared-terms(claim, other)*/ WHERE NOT term IN $common]) >= $min_terms
         OR /*INCLUDE suspect-same-title(claim, other)*/)
    AND /*INCLUDE suspect-texts-may-pair(claim, other)*/
  SET other:SuspectsRelook
  RETURN count(other) AS marked
}
RETURN count(claim) AS kept_lookups
;
