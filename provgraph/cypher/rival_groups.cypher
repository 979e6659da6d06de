// name: rival_groups
// description: The claims on each given subject that pass status rules 1-9 at the group's question scope and time $t,
// description: for `provgraph conflicts` (rule 10 as a group: one per subject and scope, however many values it has).
// description: One row per (group, claim): group (the index in $groups), claim, value, scope, and linked: the members
// description: of the same subject it has a revision edge visible at $t with (such a pair is not a rival pair).
// description: Linear in the group's size: each member is judged once, never once per pair.
// param groups: list of {subject, q}: a subject and the question scope to judge it at
// param t: the as-of time (DateTime)
UNWIND range(0, size($groups) - 1) AS group
WITH group, $groups[group].subject AS about, $groups[group].q AS q
MATCH (x:Claim {subject: about})
// INCLUDE base-rules (rules 1-9 for claim x at question scope q and time $t; written in rules/base-rules.cypher)
WITH group, about, x, base
WHERE base.status IS NULL AND base.subject = about
RETURN
  group,
  x.uid AS claim,
  base.value AS value,
  base.scope AS scope,
  COLLECT {
    MATCH (x)-[between:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(other:Claim {subject: about})
    WHERE /*INCLUDE edge-visible(between)*/
    RETURN DISTINCT other.uid
  } AS linked
ORDER BY group, claim
;
