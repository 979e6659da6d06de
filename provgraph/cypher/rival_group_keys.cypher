// name: rival_group_keys
// description: Where rivals can be (for `provgraph conflicts`): each subject that two or more claims share, with
// description: each question scope one of them is judged at ($q when given, else the claim's own scope as of $t).
// description: One row per (subject, q), sorted; rival_groups then judges each group's members once.
// param q: the question scope, or null for each claim's own scope
// param t: the as-of time (DateTime)
MATCH (c:Claim)
WHERE c.subject IS NOT NULL AND c.subject <> ''
WITH c.subject AS about, collect(c) AS sharing
WHERE size(sharing) > 1
UNWIND sharing AS c
// INCLUDE question-scope (the question scope q of claim c: $q, else c's own scope as of $t)
RETURN DISTINCT about AS subject, q
ORDER BY subject, q
;
