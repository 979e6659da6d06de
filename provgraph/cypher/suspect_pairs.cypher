// name: suspect_pairs
// description: The suspect pairs touching $claims as the kept lookups score them (write time, `provgraph suspects`):
// description: the candidates of a claim are the hits its own lookup kept (search_hits) and the claims it is kept
// description: paired with (SUSPECTED); a pair's similarity is the mean of the ratio each side's kept lookup gives the
// description: other (0 when it missed it), as `suspects` computes it from fresh lookups. Every condition of `suspects`
// description: on a single pair applies (similarity >= $min_score, later in time, overlapping scopes, not rivals,
// description: >= $min_terms shared terms, no link, no standing dismissal, no recorded chain of revisions from later to
// description: earlier, at $t); the cut per earlier claim (close to its best, at most per_claim) is left to the read
// description: (`suspects_kept`). One row per pair: earlier, later, score, terms.
// param claims: list of claim uids whose pairs are recomputed
// param t: now (DateTime): which links, adjudications and dismissals stand
// param min_score: the least similarity (0..1) a kept pair needs
// param min_terms: the least number of shared search_terms a kept pair needs
UNWIND $claims AS wanted
MATCH (claim:Claim {uid: wanted})
CALL (claim) {
  UNWIND coalesce(claim.search_hits, []) AS hit
  MATCH (other:Claim {uid: hit})
  RETURN other
  UNION
  MATCH (claim)-[:SUSPECTED]-(other:Claim)
  RETURN other
}
WITH CASE WHEN claim.uid < other.uid THEN claim ELSE other END AS a,
     CASE WHEN claim.uid < other.uid THEN other ELSE claim END AS b
WHERE a <> b
WITH DISTINCT a, b
WITH a, b,
  coalesce(head([i IN range(0, size(coalesce(a.search_hits, [])) - 1) WHERE a.search_hits[i] = b.uid | a.search_ratios[i]]), 0.0)
  + coalesce(head([i IN range(0, size(coalesce(b.search_hits, [])) - 1) WHERE b.search_hits[i] = a.uid | b.search_ratios[i]]), 0.0)
  AS total,
  coalesce(a.asserted_at, a.last_cited_at) AS aAt, coalesce(b.asserted_at, b.last_cited_at) AS bAt
WITH a, b, total / 2.0 AS similarity, aAt, bAt
WHERE similarity >= $min_score AND aAt <> bAt
WITH CASE WHEN aAt < bAt THEN a ELSE b END AS earlier, CASE WHEN aAt < bAt THEN b ELSE a END AS later, similarity
WITH earlier, later, similarity, coalesce(earlier.scope, '') AS earlierScope, coalesce(later.scope, '') AS laterScope
WHERE (earlierScope = '' OR laterScope = '' OR earlierScope = laterScope
       OR laterScope STARTS WITH earlierScope + '/' OR earlierScope STARTS WITH laterScope + '/')
  AND NOT (coalesce(earlier.subject, '') <> '' AND earlier.subject = coalesce(later.subject, '')
           AND NOT coalesce(earlier.value = later.value, false))
WITH earlier, later, similarity, [term IN earlier.search_terms WHERE term IN later.search_terms] AS terms
WHERE size(terms) >= $min_terms
  AND NOT EXISTS {
    MATCH (earlier)-[link:CORRECTS|SUPERSEDES|INVALIDATES|CONFLICTS_WITH|DEPENDS_ON|RELATES]-(later)
    WHERE coalesce(link.via, '') = '' OR link.valid_to IS NULL OR link.valid_to > $t }
  AND NOT EXISTS {
    MATCH (earlier)<-[:DISTINGUISHES]-(dismissed:Adjudication)-[:DISTINGUISHES]->(later)
    WHERE dismissed.decided_at <= $t AND (dismissed.revoked_at IS NULL OR dismissed.revoked_at > $t) }
  AND NOT EXISTS {
    MATCH ANY SHORTEST (later) ((:Claim)-[step:CORRECTS|SUPERSEDES|INVALIDATES]->(:Claim)
      WHERE coalesce(step.via, '') = '' OR step.valid_to IS NULL OR step.valid_to > $t)+ (earlier) }
RETURN earlier.uid AS earlier, later.uid AS later, similarity AS score, terms
ORDER BY earlier, later
;
