// Mark stale the revision closure kept with claim `claim`'s stored status (revision_closure_rows): every property it is kept
// in. Needs claim.
// arguments: claim
REMOVE claim.status_closure_successor, claim.status_closure_kind, claim.status_closure_next,
  claim.status_closure_edge_scope, claim.status_closure_via, claim.status_closure_head, claim.status_closure_force,
  claim.status_closure_scope, claim.status_closure_expires, claim.status_closure_edge_scopes
