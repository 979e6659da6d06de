// The revision closure kept with claim `c`'s stored status (revision_closure_rows), one row per successor as the map `row`,
// as rules/closure-rows writes it, in successor order; no row when it is empty. Needs c (whose kept closure answers
// the question: rules/closure-kept); keeps c. Each list is read once, and the others only when the closure has rows.
WITH c, c.status_closure_successor AS successors
WHERE size(successors) > 0
WITH c, successors, c.status_closure_kind AS kinds, c.status_closure_next AS nexts,
  c.status_closure_edge_scope AS edgeScopes, c.status_closure_via AS vias, c.status_closure_head AS heads,
  c.status_closure_force AS forces
UNWIND range(0, size(successors) - 1) AS i
WITH c, {successor: successors[i], direct: nexts[i] = c.uid, kind: kinds[i], next: nexts[i],
         edge_scope: edgeScopes[i], via: vias[i], head: heads[i], force: forces[i]} AS row
