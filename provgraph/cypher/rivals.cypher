// name: rivals
// description: Rivals of the given claims at question scope $q and time $t (status rule 10, reusable by verify):
// description: explicit CONFLICTS_WITH partners visible at $t, and claims on the same non-empty subject as of $t
// description: (the claim's own subject, or $subject when given) with a different value or no values at all and no
// description: revision edge visible at $t between them. One row per (claim, rival) with kind (EXPLICIT_CONFLICT or
// description: RIVAL_CLAIM) and the rival's status by rules 1-9 only (rival_status ACTIVE = none of rules 1-9 matched,
// description: i.e. it counts as a rival for rule 10), its reason, scope, subject and value.
// param claims: list of claim uids
// param q: the question scope, or null for each claim's own scope
// param t: the as-of time (DateTime)
// param subject: the question's subject, or null
// param active: true to leave out the rivals rules 1-9 find STALE or UNKNOWN (then a fresh roster answers for a subject)
UNWIND $claims AS wanted
MATCH (c:Claim {uid: wanted})
// INCLUDE question-scope (the question scope q of claim c: $q, else c's own scope as of $t)
WITH c, c AS x, q
// INCLUDE base-rules (rules 1-9 for claim x at question scope q and time $t; written in rules/base-rules.cypher)
WITH c, q, base AS own
// a crowded subject's claims are read from its roster, judged at write time, when it answers q at $t
WITH c, q, own, c AS rivalOf, COLLECT {
  MATCH (roster:RivalRoster)
  WHERE $active AND roster.subject IN [c.subject, $subject] AND /*INCLUDE roster-fresh(roster, q)*/
  RETURN /*INCLUDE roster-read(roster)*/
} AS rosters
CALL (c, q, own, rivalOf, rosters) {
  WITH c, q, own, rivalOf, [about IN [c.subject, $subject] WHERE NOT any(r IN rosters WHERE r.subject = about)] AS abouts,
    /*INCLUDE revision-linked(rivalOf)*/ AS linked
  // INCLUDE rival-candidates (explicit partners and claims on the subjects; written in rules/rival-candidates.cypher)
  WITH c, q, own, other, kind, other AS x
  // INCLUDE base-rules (rules 1-9 for claim x at question scope q and time $t; written in rules/base-rules.cypher)
  WITH other, kind, base
  RETURN other.uid AS rival, kind, coalesce(base.status, 'ACTIVE') AS rival_status,
    coalesce(base.reason, 'CURRENT') AS rival_reason, base.scope AS scope, base.subject AS subject, base.value AS value
  UNION ALL
  WITH q, rivalOf, rosters
  // the rival candidates the rosters hold for rivalOf at q (entries judged by rules 1-9: ACTIVE, or CONFLICT in a
  // revision cycle), less rivalOf and the claims a revision edge visible at $t links to it
  WITH *, [linked IN /*INCLUDE revision-linked(rivalOf)*/ | linked.uid] AS rosterLinked
  WITH *, reduce(found = [], r IN rosters | found + [i IN range(0, size(r.members) - 1)
          WHERE /*INCLUDE roster-entry(r, i, q, rivalOf, rosterLinked)*/
          | {uid: r.members[i], status: CASE WHEN r.reasons[i] = 'CURRENT' THEN 'ACTIVE' ELSE 'CONFLICT' END,
             reason: r.reasons[i], scope: r.member_scopes[i],
             subject: CASE WHEN r.subjects[i] = '' THEN null ELSE r.subjects[i] END,
             value: CASE WHEN r.valued[i] THEN r.values[i] END}]) AS rosterEntries
  UNWIND rosterEntries AS entry
  RETURN entry.uid AS rival, 'RIVAL_CLAIM' AS kind, entry.status AS rival_status, entry.reason AS rival_reason,
    entry.scope AS scope, entry.subject AS subject, entry.value AS value
}
WITH c, own, rival, kind, rival_status, rival_reason, scope, subject, value
WHERE NOT ($active AND rival_status IN ['STALE', 'UNKNOWN'])
  AND (kind = 'EXPLICIT_CONFLICT'
   OR (subject IS NOT NULL AND subject <> '' AND subject IN [own.subject, $subject]
       AND NOT (value IS NOT NULL AND own.value IS NOT NULL AND value = own.value)))
RETURN
  c.uid AS claim,
  rival,
  kind,
  rival_status,
  rival_reason,
  scope,
  subject,
  value
ORDER BY claim, rival, kind
;
