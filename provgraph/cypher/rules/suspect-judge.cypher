// What a pair that passed suspect-pair still needs at $t, and the ranking: common terms (`common`) left out of the
// shared ones (at least $min_terms must remain, or the same title), the earlier claim not already retired (its stored status, still
// fresh, is STALE), no edge linking them (any recorded claim edge; an adjudication's implied edge while it stands),
// no standing `adjudicate --distinct` between them, no chain of revision edges from later to earlier. Then the
// decision, among the candidates of each earlier claim ranked by similarity: its best candidate is a suspect when it
// stands clear (similarity >= $floor, the next candidate's <= $margin times its own or no next one, and at least
// $clear_terms shared terms that are not common); and any
// candidate with similarity >= $min_score and >= $close times the best is one too, and so is any candidate with the same
// title (rules/suspect-same-title), and so is any candidate whose later claim's record names the earlier one in a
// sentence that says it takes its place ('changes' below; unless $names is false). At most $per_claim per earlier claim, best first. $floor null (an absolute
// `--min-score`): no margin test. Then $since, $scope, $store and
// $touching (one of these claims on either side).
// Needs earlier, earlierScope, later, laterScope, similarity, shared; ends the query with one row per pair.
// arguments: common
WITH earlier, earlierScope, later, laterScope, [term IN shared WHERE NOT term IN common] AS terms, similarity
WHERE NOT (earlier.status = 'STALE' AND (earlier.status_expires IS NULL OR earlier.status_expires > $t))
  AND (size(terms) >= $min_terms OR /*INCLUDE suspect-same-title(earlier, later)*/)
// the walks below only for the pairs the tests above leave (as one WHERE, the planner ran them first)
WITH earlier, earlierScope, later, laterScope, terms, similarity
WHERE NOT EXISTS {
    MATCH (earlier)-[link:CORRECTS|SUPERSEDES|INVALIDATES|CONFLICTS_WITH|DEPENDS_ON|RELATES]-(later)
    WHERE coalesce(link.via, '') = '' OR link.valid_to IS NULL OR link.valid_to > $t }
  AND NOT EXISTS {
    MATCH (earlier)<-[:DISTINGUISHES]-(dismissed:Adjudication)-[:DISTINGUISHES]->(later)
    WHERE dismissed.decided_at <= $t AND (dismissed.revoked_at IS NULL OR dismissed.revoked_at > $t) }
  AND NOT EXISTS {
    MATCH ANY SHORTEST (later) ((:Claim)-[step:CORRECTS|SUPERSEDES|INVALIDATES]->(:Claim)
      WHERE coalesce(step.via, '') = '' OR step.valid_to IS NULL OR step.valid_to > $t)+ (earlier) }
WITH earlier, earlierScope, later, laterScope, similarity, terms, /*INCLUDE suspect-same-title(earlier, later)*/ AS sameTitle,
     // how the later's record names the earlier (provgraph/base/mentions.py: a key its text mentions, declared links left
     // out, is a key the earlier is named by): 'changes' in a sentence that says it takes its place, 'mentions' otherwise
     CASE WHEN any(key IN coalesce(later.search_changes, []) WHERE key IN coalesce(earlier.search_names, [])) THEN 'changes'
          WHEN any(key IN coalesce(later.search_mentions, []) WHERE key IN coalesce(earlier.search_names, [])) THEN 'mentions'
          END AS named
ORDER BY similarity DESC, later.uid
WITH earlier, earlierScope,
     collect({later: later, laterScope: laterScope, similarity: similarity, terms: terms, sameTitle: sameTitle,
              named: named}) AS found
WITH earlier, earlierScope, found, CASE WHEN size(found) > 1 THEN found[1].similarity ELSE 0.0 END AS next
WITH earlier, earlierScope,
     [index IN range(0, size(found) - 1)
      WHERE (index = 0 AND $floor IS NOT NULL AND found[0].similarity >= $floor AND next <= $margin * found[0].similarity
             AND size(found[0].terms) >= $clear_terms)
         OR (found[index].similarity >= $min_score AND found[index].similarity >= $close * found[0].similarity)
         OR found[index].sameTitle
         OR ($names AND found[index].named = 'changes')
      | found[index]][..$per_claim] AS best
UNWIND range(0, size(best) - 1) AS index
WITH earlier, earlierScope, best[index] AS pick, index + 1 AS rank
WITH earlier, earlierScope, pick.later AS later, pick.laterScope AS laterScope, pick.similarity AS similarity,
     pick.terms AS terms, pick.named AS named, rank
WHERE ($since IS NULL OR /*INCLUDE suspect-time(later)*/ >= $since)
  AND ($scope IS NULL OR /*INCLUDE scope-covers(laterScope, $scope)*/ OR laterScope STARTS WITH $scope + '/')
  AND ($store IS NULL
       OR EXISTS { (earlier)-[:CITED_AT]->(:Snapshot)-[:OF]->(:Source)-[:IN]->(:Store {name: $store}) }
       OR EXISTS { (later)-[:CITED_AT]->(:Snapshot)-[:OF]->(:Source)-[:IN]->(:Store {name: $store}) })
  AND ($touching IS NULL OR earlier.uid IN $touching OR later.uid IN $touching)
RETURN earlier.uid AS earlier, later.uid AS later, similarity AS score, rank, terms, named,
       earlierScope AS earlier_scope, laterScope AS later_scope,
       earlier.subject AS earlier_subject, later.subject AS later_subject,
       earlier.value AS earlier_value, later.value AS later_value,
       /*INCLUDE suspect-time(earlier)*/ AS earlier_at,
       /*INCLUDE suspect-time(later)*/ AS later_at,
       coalesce(earlier.search_title, left(earlier.text, 80)) AS earlier_title,
       coalesce(later.search_title, left(later.text, 80)) AS later_title
ORDER BY score DESC, earlier, later
