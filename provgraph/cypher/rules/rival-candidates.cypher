// The rival candidates of claim `rivalOf` (status rule 10) at question scope `q` and $t, one row per (other, kind):
// its explicit CONFLICTS_WITH partners visible at $t whose link scope covers q (EXPLICIT_CONFLICT), and the claims
// whose subject is one of `abouts` with no revision edge visible at $t between them and `rivalOf` (RIVAL_CLAIM).
// Needs rivalOf, q, abouts and `linked` (rules/predicates: revision-linked(rivalOf)); out: other, kind. The claims
// revision-linked to rivalOf are collected once, not tested per subject member: a key with thousands of values would otherwise expand rivalOf's edges once per member.
// verify reads the same candidates less the retired claims (rules/subject-live).
CALL (rivalOf, q, abouts, linked) {
  // its explicit CONFLICTS_WITH partners visible at $t whose link scope covers q
  MATCH (rivalOf)-[link:CONFLICTS_WITH]-(other:Claim)
  WHERE other <> rivalOf
    AND /*INCLUDE edge-visible(link)*/
    AND /*INCLUDE scope-covers(link.scope, q)*/
  RETURN DISTINCT other, 'EXPLICIT_CONFLICT' AS kind
  UNION
  WITH rivalOf, abouts, linked
  UNWIND [s IN abouts WHERE s IS NOT NULL AND s <> ''] AS about
  MATCH (other:Claim {subject: about})
  USING INDEX other:Claim(subject)
  WHERE other <> rivalOf AND NOT other IN linked
  RETURN DISTINCT other, 'RIVAL_CLAIM' AS kind
}
