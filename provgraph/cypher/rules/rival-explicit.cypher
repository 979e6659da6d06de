// Claim `rivalOf`'s explicit CONFLICTS_WITH partners visible at $t whose link scope covers question scope `q` (status
// rule 10, EXPLICIT_CONFLICT), one row per partner. Needs rivalOf, q; out: other, kind.
MATCH (rivalOf)-[link:CONFLICTS_WITH]-(other:Claim)
WHERE other <> rivalOf
  AND /*INCLUDE edge-visible(link)*/
  AND /*INCLUDE scope-covers(link.scope, q)*/
RETURN DISTINCT other, 'EXPLICIT_CONFLICT' AS kind
