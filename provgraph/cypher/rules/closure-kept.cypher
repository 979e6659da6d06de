// Claim `claim`'s revision closure kept at write time (revision_closure_rows, stored with its status) answers question
// scope `q` at $t: it was kept, its stored status still holds at $t (so it was computed by $t), its own expiry has
// not come, and every scope of a revision edge it read (status_closure_edge_scopes) covers q as it covers the scope
// it was kept for, so the walk for q follows the same edges. Never null.
// arguments: claim, q
coalesce(claim.status_closure_successor IS NOT NULL
         AND /*INCLUDE stored-fresh(claim)*/
         AND (claim.status_closure_expires IS NULL OR claim.status_closure_expires > $t)
         AND all(s IN coalesce(claim.status_closure_edge_scopes, [])
                 WHERE /*INCLUDE scope-covers(s, q)*/ = /*INCLUDE scope-covers(s, claim.status_closure_scope)*/), false)
