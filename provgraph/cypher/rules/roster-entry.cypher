// Entry `i` of roster map `r` (rules/roster-read) is a rival candidate of claim `rivalOf` at question scope `q`
// (status rule 10): judged at q, not rivalOf itself, and not among `linkedUids` (the uids a revision edge visible
// at $t links to rivalOf: no rival of it). Its status, subject and value are the caller's to test.
// arguments: r, i, q, rivalOf, linkedUids
r.entry_scopes[i] = q AND r.members[i] <> rivalOf.uid AND NOT r.members[i] IN linkedUids
