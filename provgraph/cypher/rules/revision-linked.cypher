// The claims linked to claim `claim` by a revision or amendment edge visible at $t, either way: no rival of it
// (status rule 10), as a list, collected once rather than tested per claim on its subject.
// arguments: claim
[(claim)-[between:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(linked:Claim) WHERE /*INCLUDE edge-visible(between)*/ | linked]
