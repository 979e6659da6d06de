// name: suspect_keep
// description: Replace the kept suspect pairs touching $claims with $pairs (what `suspect_pairs` found for them):
// description: every SUSPECTED relationship with one of $claims on either side is deleted, then one
// description: (earlier)-[:SUSPECTED {score, terms, found_at}]->(later) per pair is written. Returns kept (pairs written).
// param claims: list of claim uids whose pairs were recomputed
// param pairs: list of {earlier, later, score, terms}
// param t: when the pairs were found (DateTime)
// mode: write
CALL () {
  UNWIND $claims AS wanted
  MATCH (:Claim {uid: wanted})-[old:SUSPECTED]-(:Claim)
  WITH DISTINCT old
  DELETE old
}
CALL () {
  UNWIND $pairs AS pair
  MATCH (earlier:Claim {uid: pair.earlier})
  MATCH (later:Claim {uid: pair.later})
  MERGE (earlier)-[kept:SUSPECTED]->(later)
  SET kept.score = pair.score, kept.terms = pair.terms, kept.found_at = $t
  RETURN count(kept) AS kept
}
RETURN kept
;
