// name: suspects_kept_of
// description: `suspects_kept` for the pairs touching $claims, starting from them (verify's advisory field; a plan that
// description: starts from the given claims, not from every kept pair). Possible unlinked revisions as kept at write time (SUSPECTED relationships, `suspect_pairs`): the
// description: pairs `suspects` lists, read without a full-text lookup. Per earlier claim, of its kept pairs between two
// description: claims that have full-text fields (search_query) and that no
// description: link, standing dismissal or recorded chain of revisions (at $t) settles and whose score is >= $min_score:
// description: those within $close of its best, at most $per_claim, ranked by score then the later claim's uid; then
// description: the filters $claims (either side), $since, $scope (both sides overlap it) and $store apply. Same columns
// description: as `suspects`: earlier, later, score, rank, terms, and each side's scope, subject, value, time and title.
// param claims: list of uids: only pairs with one of them on either side
// param t: now (DateTime): which links, adjudications and dismissals stand
// param min_score: the least similarity (0..1) a pair needs
// param close: a suspect's similarity must be at least this share (0..1) of the earlier claim's best suspect
// param per_claim: at most this many suspects per earlier claim
// param since: only pairs whose later claim is this recent (DateTime), or null
// param scope: only pairs both of whose scopes overlap this scope, or null
// param store: only pairs with a claim cited from this store, or null
UNWIND $claims AS wanted
MATCH (claim:Claim {uid: wanted})
CALL (claim) {
  MATCH (earlier:Claim)-[:SUSPECTED]->(claim)
  RETURN earlier
  UNION
  MATCH (claim)-[:SUSPECTED]->(:Claim)
  WITH claim AS earlier
  RETURN earlier
}
WITH DISTINCT earlier
MATCH (earlier)-[kept:SUSPECTED]->(later:Claim)
WHERE kept.score >= $min_score
  AND earlier.search_query IS NOT NULL AND later.search_query IS NOT NULL
  AND NOT EXISTS {
    MATCH (earlier)-[link:CORRECTS|SUPERSEDES|INVALIDATES|CONFLICTS_WITH|DEPENDS_ON|RELATES]-(later)
    WHERE coalesce(link.via, '') = '' OR link.valid_to IS NULL OR link.valid_to > $t }
  AND NOT EXISTS {
    MATCH (earlier)<-[:DISTINGUISHES]-(dismissed:Adjudication)-[:DISTINGUISHES]->(later)
    WHERE dismissed.decided_at <= $t AND (dismissed.revoked_at IS NULL OR dismissed.revoked_at > $t) }
  AND NOT EXISTS {
    MATCH ANY SHORTEST (later) ((:Claim)-[step:CORRECTS|SUPERSEDES|INVALIDATES]->(:Claim)
      WHERE coalesce(step.via, '') = '' OR step.valid_to IS NULL OR step.valid_to > $t)+ (earlier) }
WITH earlier, coalesce(earlier.scope, '') AS earlierScope, later, coalesce(later.scope, '') AS laterScope,
     kept.score AS similarity, kept.terms AS terms
ORDER BY similarity DESC, later.uid
WITH earlier, earlierScope, collect({later: later, laterScope: laterScope, similarity: similarity, terms: terms}) AS found
WITH earlier, earlierScope, [pick IN found WHERE pick.similarity >= $close * found[0].similarity][..$per_claim] AS best
UNWIND range(0, size(best) - 1) AS index
WITH earlier, earlierScope, best[index] AS pick, index + 1 AS rank
WITH earlier, earlierScope, pick.later AS later, pick.laterScope AS laterScope, pick.similarity AS similarity,
     pick.terms AS terms, rank
WHERE (earlier.uid IN $claims OR later.uid IN $claims)
  AND ($since IS NULL OR coalesce(later.asserted_at, later.last_cited_at) >= $since)
  AND ($scope IS NULL OR ((earlierScope = '' OR earlierScope = $scope
                           OR $scope STARTS WITH earlierScope + '/' OR earlierScope STARTS WITH $scope + '/')
                          AND (laterScope = '' OR laterScope = $scope
                           OR $scope STARTS WITH laterScope + '/' OR laterScope STARTS WITH $scope + '/')))
  AND ($store IS NULL
       OR EXISTS { (earlier)-[:CITED_AT]->(:Snapshot)-[:OF]->(:Source)-[:IN]->(:Store {name: $store}) }
       OR EXISTS { (later)-[:CITED_AT]->(:Snapshot)-[:OF]->(:Source)-[:IN]->(:Store {name: $store}) })
RETURN earlier.uid AS earlier, later.uid AS later, similarity AS score, rank, terms,
       earlierScope AS earlier_scope, laterScope AS later_scope,
       earlier.subject AS earlier_subject, later.subject AS later_subject,
       earlier.value AS earlier_value, later.value AS later_value,
       coalesce(earlier.asserted_at, earlier.last_cited_at) AS earlier_at,
       coalesce(later.asserted_at, later.last_cited_at) AS later_at,
       coalesce(earlier.search_title, left(earlier.text, 80)) AS earlier_title,
       coalesce(later.search_title, left(later.text, 80)) AS later_title
ORDER BY score DESC, earlier, later
;
