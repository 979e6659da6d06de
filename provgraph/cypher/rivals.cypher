// name: rivals
// description: Rivals of the given claims at question scope $q and time $t (status rule 10, reusable by verify):
// description: explicit CONFLICTS_WITH partners visible at $t, and claims on the same non-empty subject as of $t
// description: (the claim's own subject, or $subject when given) with a different value or no values at all and no
// description: revision edge visible at $t between them. One row per (claim, rival) with kind (EXPLICIT_CONFLICT or
// description: RIVAL_CLAIM) and the rival's status by rules 1-9 only (rival_status ACTIVE = none of rules 1-9 matched,
// description: i.e. it counts as a rival for rule 10), its reason, scope, subject and value.
// param claims: list of claim uids
// param q: the question scope, or null for each claim's own scope
// param t: the as-of time (DateTime)
// param subject: the question's subject, or null
UNWIND $claims AS wanted
MATCH (c:Claim {uid: wanted})
// INCLUDE question-scope (the question scope q of claim c: $q, else c's own scope as of $t)
WITH c, c AS x, q
// INCLUDE base-rules (rules 1-9 for claim x at question scope q and time $t; written in rules/base-rules.cypher)
WITH c, q, base AS own
CALL (c, q) {
  MATCH (c)-[link:CONFLICTS_WITH]-(other:Claim)
  WHERE other <> c
    AND /*INCLUDE edge-visible(link)*/
    AND /*INCLUDE scope-covers(link.scope, q)*/
  RETURN DISTINCT other, 'EXPLICIT_CONFLICT' AS kind
  UNION
  UNWIND [s IN [c.subject, $subject] WHERE s IS NOT NULL AND s <> ''] AS about
  MATCH (other:Claim {subject: about})
  WHERE other <> c
    AND NOT EXISTS {
      MATCH (c)-[between:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(other)
      WHERE /*INCLUDE edge-visible(between)*/ }
  RETURN DISTINCT other, 'RIVAL_CLAIM' AS kind
}
WITH c, q, own, other, kind, other AS x
// INCLUDE base-rules (rules 1-9 for claim x at question scope q and time $t; written in rules/base-rules.cypher)
WITH c, own, other, kind, base
WHERE kind = 'EXPLICIT_CONFLICT'
   OR (base.subject IS NOT NULL AND base.subject <> '' AND base.subject IN [own.subject, $subject]
       AND NOT (base.value IS NOT NULL AND own.value IS NOT NULL AND base.value = own.value))
RETURN
  c.uid AS claim,
  other.uid AS rival,
  kind,
  coalesce(base.status, 'ACTIVE') AS rival_status,
  coalesce(base.reason, 'CURRENT') AS rival_reason,
  base.scope AS scope,
  base.subject AS subject,
  base.value AS value
ORDER BY claim, rival, kind
;
