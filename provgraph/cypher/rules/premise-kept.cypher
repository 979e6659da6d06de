// Premise `claim`'s stored status answers rule 11 below it for question scope q at $t, so no walk goes past it: it
// read everything it rests on, for the same question scope, so its stored premises_not_current and premise_verdicts
// judge every claim below it (docs/design.md "Kept premises").
// arguments: claim, q
/*INCLUDE premise-judged(claim)*/ AND claim.status_question_scope = q
