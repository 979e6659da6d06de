// Claim `c`'s site mark (docs/design.md "The decision site") as `mark`, and whether its stored status holds at $t as
// `fresh`, with c: the text ',a,b,...' of the claim node's own properties only (no relationship is walked): [when the
// stored status was stored (epoch microseconds; -1: none), how many aliases, placeholder (1 or 0), when the latest
// snapshot citing it did (-1: none), when the suspects pass last looked it up (suspects_at; -1: never), the suspects
// steps it is owed (SuspectsPending 1 + SuspectsRelook 2 + SuspectsPairs 4), when the stored status expires (-1:
// never)]. provgraph/site/changes.py reads the first, sixth and seventh fields (`Seek`).
// arguments: c
WITH c, coalesce(/*INCLUDE stored-fresh(c)*/, false) AS fresh,
     // as text: a list of strings is a parameter the server takes in a few milliseconds, a map of lists several times slower
     ',' + toString(coalesce(/*INCLUDE epoch-us(c.status_computed_at)*/, -1)) + ',' + toString(size(coalesce(c.aliases, []))) +
     CASE WHEN c.placeholder THEN ',1,' ELSE ',0,' END + toString(coalesce(/*INCLUDE epoch-us(c.last_cited_at)*/, -1)) +
     ',' + toString(coalesce(/*INCLUDE epoch-us(c.suspects_at)*/, -1)) + ',' +
     // the node's labels read once, not a label test each
     toString(reduce(owed = 0, label IN labels(c) | owed + CASE label WHEN 'SuspectsPending' THEN 1
                                                                   WHEN 'SuspectsRelook' THEN 2
                                                                   WHEN 'SuspectsPairs' THEN 4 ELSE 0 END)) +
     ',' + toString(coalesce(/*INCLUDE epoch-us(c.status_expires)*/, -1)) AS mark
