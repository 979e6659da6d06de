// The rival candidates rosters `rosters` (maps: rules/roster-read) hold for claim `rivalOf` at question scope `q`
// (status rule 10), as one list `rosterEntries` of {uid, status, reason, scope, subject, value}, as the roster judged
// them by rules 1-9 (ACTIVE, or CONFLICT: a revision cycle), in (subject, uid) order: the entries rules/roster-entry
// keeps. Needs rosters, rivalOf, q; also binds rosterLinked. The caller applies its own status, subject and value test.
WITH *, [linked IN /*INCLUDE revision-linked(rivalOf)*/ | linked.uid] AS rosterLinked
WITH *, reduce(found = [], r IN rosters | found + [i IN range(0, size(r.members) - 1)
        WHERE /*INCLUDE roster-entry(r, i, q, rivalOf, rosterLinked)*/
        | {uid: r.members[i], status: CASE WHEN r.reasons[i] = 'CURRENT' THEN 'ACTIVE' ELSE 'CONFLICT' END,
           reason: r.reasons[i], scope: r.member_scopes[i],
           subject: CASE WHEN r.subjects[i] = '' THEN null ELSE r.subjects[i] END,
           value: CASE WHEN r.valued[i] THEN r.values[i] END}]) AS rosterEntries
