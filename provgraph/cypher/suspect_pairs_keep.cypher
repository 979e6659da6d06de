// name: suspect_pairs_keep
// description: The write-time suspects pass, step 2: recompute the kept pairs of each of $claims from the lookups
// description: kept on both claims (suspect_lookups_keep): a pair's similarity is the mean of the ratio each claim's
// description: kept lookup gave the other (0 when it did not find it), as the live suspects query takes it from two
// description: lookups. Candidates: each claim's kept hits and the claims a kept pair links it to. A pair that passes
// description: rules/suspect-pair at the defaults ($least, $min_terms) is kept as (later)-[:MAY_REVISE {similarity,
// description: shared, found_at}]->(earlier); every other kept pair of $claims is removed. No step of theirs is marked after.
// description: Returns how many pairs are kept.
// param claims: list of claim uids
// param least: the least similarity a kept pair needs (a candidate: rules/suspect-judge decides when read)
// param min_terms: the least number of shared search_terms a kept pair needs
// param t: the pass's time (DateTime)
// mode: write
UNWIND $claims AS wanted
MATCH (a:Claim {uid: wanted})
WITH collect(a) AS touched
CALL (touched) {
  UNWIND touched AS a
  CALL (a) {
    UNWIND coalesce(a.suspect_hits, []) AS uid
    MATCH (b:Claim {uid: uid})
    RETURN b
    UNION
    MATCH (a)-[:MAY_REVISE]-(b:Claim)
    RETURN b
  }
  WITH a, b, coalesce(a.suspect_hits, []) AS aHits, coalesce(b.suspect_hits, []) AS bHits
  WITH /*INCLUDE suspect-order(a, b)*/ AS pair,
    coalesce(head([i IN range(0, size(aHits) - 1) WHERE aHits[i] = b.uid | a.suspect_ratios[i]]), 0.0)
      + coalesce(head([i IN range(0, size(bHits) - 1) WHERE bHits[i] = a.uid | b.suspect_ratios[i]]), 0.0) AS ratios
  WHERE pair IS NOT NULL
  WITH pair[0] AS earlier, pair[1] AS later, ratios / 2.0 AS similarity
  // INCLUDE suspect-pair (the text-level test; written in rules/suspect-pair.cypher)
  RETURN collect(DISTINCT {earlier: earlier, later: later, similarity: similarity, shared: shared}) AS keep
}
CALL (touched) {
  UNWIND touched AS a
  MATCH (a)-[old:MAY_REVISE]-(:Claim)
  DELETE old
  RETURN count(*) AS removed
}
FOREACH (a IN touched | REMOVE a:SuspectsPairs)
WITH keep
UNWIND keep AS pair
WITH pair, pair.later AS later, pair.earlier AS earlier
MERGE (later)-[kept:MAY_REVISE]->(earlier)
SET kept.similarity = pair.similarity, kept.shared = pair.shared, kept.found_at = $t
RETURN count(kept) AS kept
;
