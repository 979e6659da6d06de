// Premise `claim`'s fresh stored status read everything it rests on: it passes rules 1-10 for its own question
// (CURRENT or PREMISE_NOT_CURRENT), so rule 11 walked its whole DEPENDS_ON closure.
// arguments: claim
/*INCLUDE stored-fresh(claim)*/ AND claim.status_reason IN ['CURRENT', 'PREMISE_NOT_CURRENT']
