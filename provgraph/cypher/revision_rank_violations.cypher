// name: revision_rank_violations
// description: The CORRECTS and SUPERSEDES edges that break the revision-rank invariant (a ranked claim revises only
// description: ranked claims of lower rank: docs/design.md "Revision ranks"), which only a write that bypasses provgraph
// description: can leave. One row per such edge: claim (the ranked reviser's uid), target. Sorted.
MATCH (c:Claim)-[:CORRECTS|SUPERSEDES]->(target:Claim)
WHERE c.revision_rank IS NOT NULL AND NOT coalesce(target.revision_rank < c.revision_rank, false)
RETURN DISTINCT c.uid AS claim, target.uid AS target
ORDER BY claim, target
;
