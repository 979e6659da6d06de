// The time claim `claim` is placed at in a suspect pair: when it was asserted, else when it was first cited (its
// earliest citing snapshot: a record edited later, say to mark it superseded, was still said first back then; its
// latest citing snapshot as a last resort).
// arguments: claim
CASE WHEN claim.asserted_at IS NOT NULL THEN claim.asserted_at
     ELSE coalesce(COLLECT { MATCH (claim)-[:CITED_AT]->(cited:Snapshot) RETURN cited.revised_at AS at ORDER BY at LIMIT 1 }[0],
                   claim.last_cited_at) END
