// name: suspect_lookups
// description: The write-time suspects pass, step 1: the lookup of each of $claims (rules/suspect-ratios, as the live
// description: suspects query runs it), for suspect_lookups_keep to keep. A read of its own: a lookup inside a
// description: transaction that has changed claims would score against that transaction's changes apart from the
// description: index, and so differently from the live query. One row per claim: uid, hits (uids, best first), ratios.
// param claims: list of claim uids
// param hits: how many hits one lookup keeps
// param common: the common search terms now: their words are left out of each lookup's query (rules/suspect-query)
UNWIND $claims AS wanted
MATCH (claim:Claim {uid: wanted})
// a keyed entry without free text is in no pair (rules/suspect-texts-may-pair): its lookup is empty, not run
OPTIONAL CALL (claim) {
  WITH claim WHERE coalesce(claim.search_free_text, true)
  // INCLUDE suspect-ratios (each hit's share of the best score; written in rules/suspect-ratios.cypher)
  RETURN found
}
WITH claim, coalesce(found, []) AS found
RETURN claim.uid AS uid, [hit IN found | hit.node.uid] AS hits, [hit IN found | hit.ratio] AS ratios
;
