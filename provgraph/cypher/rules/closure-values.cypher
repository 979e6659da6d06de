// The successor closure of claim `c` for question scope `q` at $t as plain values, one row per successor, as verify
// reports them: successor (uid), direct (it revises c itself), kind (the edge shown), next (uid of the claim it
// revises), edgeScope, via, head (a current head: in force, not an amendment, retired by no in-force reviser) and
// force. Needs c and q; keeps c and q.
// INCLUDE closure-rows (one row per successor of c for q at $t; written in rules/closure-rows.cypher)
WITH c, q, successor.uid AS successor, next = c AS direct, type(edge) AS kind, next.uid AS next,
     coalesce(edge.scope, '') AS edgeScope, coalesce(edge.via, '') AS via,
     edgeForce = 'IN_FORCE' AND type(edge) <> 'AMENDS' AND retirers = 0 AS head, edgeForce AS force
