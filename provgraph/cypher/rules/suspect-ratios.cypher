// One claim's lookup as suspects score it: its best $hits (suspect-lookup), each hit's score divided by the best of
// (the claim's score against itself, the top hit). Needs claim; out: claim, found (list of {node, ratio}, best
// first, the claim itself left out).
CALL (claim) {
  // INCLUDE suspect-query (the query, common words left out; written in rules/suspect-query.cypher)
  // INCLUDE suspect-lookup (claim's best $hits by score, ties by uid; written in rules/suspect-lookup.cypher)
  RETURN collect({node: node, score: score}) AS hits
}
WITH claim, hits, coalesce(head([hit IN hits WHERE hit.node = claim | hit.score]), 0.0) AS itself, head(hits).score AS top
WITH claim, [hit IN hits WHERE hit.node <> claim | {node: hit.node, ratio: hit.score / CASE WHEN itself > top THEN itself ELSE top END}] AS found
