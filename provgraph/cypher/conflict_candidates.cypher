// name: conflict_candidates
// description: The claims that can be in CONFLICT for a reason other than rivals (for `provgraph conflicts`): those
// description: with an explicit conflict edge or a revision edge (rule 5's cycles, rule 10's explicit partners). A
// description: claim with neither can only be a rival, and rivals are found per subject (rival_group_keys). Sorted.
MATCH (c:Claim)
WHERE EXISTS { (c)-[:CONFLICTS_WITH|CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(:Claim) }
RETURN c.uid AS claim
ORDER BY claim
;
