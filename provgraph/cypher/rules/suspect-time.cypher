// The time claim `claim` is placed at in a suspect pair: when it was asserted, else when it was last cited.
// arguments: claim
coalesce(claim.asserted_at, claim.last_cited_at)
