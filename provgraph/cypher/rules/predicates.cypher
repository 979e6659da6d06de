// The one-line expressions several queries use inline (a condition or a value), each under its `// define <name>`
// line: a use writes /*INCLUDE name(args)*/ as for a fragment of its own file (provgraph/cypher/include.py).

// define edge-visible
// Edge `edge` is visible at $t: $t lies in its window [valid_from, valid_to), an end left null being open.
// arguments: edge
(edge.valid_from IS NULL OR edge.valid_from <= $t) AND (edge.valid_to IS NULL OR edge.valid_to > $t)

// define epoch-us
// Time `time` as integer epoch microseconds (null stays null): how status rows return their times, because the
// driver builds a zoned DateTime in pure Python (~0.26 ms each here); provgraph.base.values.from_epoch_us reads it.
// arguments: time
time.epochSeconds * 1000000 + time.microsecond

// define list-kept
// List `list` as the graph keeps it: an empty list as no property, read back as [] (coalesce). Each list property
// takes a record of the array store, empty or not; a claim's stored status has 20 lists, most of them empty, and
// writing them was half of storing a status (bench/HISTORY.md "Ingest write-time pass (issue 41)").
// arguments: list
CASE WHEN size(list) = 0 THEN null ELSE list END

// define never-retired
// The status_retired_since of a claim that is not retired (rules/retired): a time after any $t, kept on every claim
// with a subject (written, marked stale, or stored with a status that is not retired), so the index on (subject,
// status_retired_since) holds every such claim and its seek for `> $t` finds all that can be rivals.
datetime('9999-12-31T00:00:00Z')

// define premise-judged
// Premise `claim`'s fresh stored status read everything it rests on: it passes rules 1-10 for its own question
// (CURRENT or PREMISE_NOT_CURRENT), so rule 11 walked its whole DEPENDS_ON closure.
// arguments: claim
/*INCLUDE stored-fresh(claim)*/ AND claim.status_reason IN ['CURRENT', 'PREMISE_NOT_CURRENT']

// define premise-kept
// Premise `claim`'s stored status answers rule 11 below it for question scope q at $t, so no walk goes past it: it
// read everything it rests on, for the same question scope, so its stored premises_not_current and premise_verdicts
// judge every claim below it (docs/design.md "Kept premises"). premise-judged, less the question scope.
// arguments: claim, q
/*INCLUDE stored-fresh(claim)*/ AND claim.status_reason IN ['CURRENT', 'PREMISE_NOT_CURRENT'] AND claim.status_question_scope = q

// define revision-linked
// The claims linked to claim `claim` by a revision or amendment edge visible at $t, either way: no rival of it
// (status rule 10), as a list, collected once rather than tested per claim on its subject.
// arguments: claim
[(claim)-[between:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(linked:Claim) WHERE /*INCLUDE edge-visible(between)*/ | linked]

// define roster-entry
// Entry `i` of roster map `r` (rules/roster-read) is a rival candidate of claim `rivalOf` at question scope `q`
// (status rule 10): judged at q, not rivalOf itself, and not among `linkedUids` (the uids a revision edge visible
// at $t links to rivalOf: no rival of it). Its status, subject and value are the caller's to test.
// arguments: r, i, q, rivalOf, linkedUids
r.entry_scopes[i] = q AND r.members[i] <> rivalOf.uid AND NOT r.members[i] IN linkedUids

// define roster-fresh
// Rival roster `roster` (docs/design.md "Rival rosters") answers rule 10 at question scope `q` and $t: not marked stale
// it, it was computed at or before $t and has not expired by $t, and it judged the subject at `q`.
// arguments: roster, q
NOT roster.owed AND roster.computed_at <= $t AND (roster.expires IS NULL OR roster.expires > $t) AND q IN roster.scopes

// define roster-read
// Rival roster `roster` read once, as a map of its lists (what rules/roster-entries indexes into).
// arguments: roster
roster {.subject, .members, .reasons, .entry_scopes, .member_scopes, .subjects, .values, .valued}

// define scope-covers
// Scope `scope` covers question scope `q`: it is global (null or ''), q itself, or an ancestor of q (q lies under
// scope + '/'). A scope is a path; `org/acme` covers `org/acme/payments`, not `org/acme-labs`.
// arguments: scope, q
coalesce(scope, '') = '' OR scope = q OR q STARTS WITH scope + '/'

// define shared-terms
// The search_terms claims `a` and `b` share, in `a`'s order (common ones too).
// arguments: a, b
[term IN a.search_terms WHERE term IN b.search_terms]

// define snapshot-current
// Snapshot `snap` is its source's current one at $t: revised at or before $t, and not yet followed by a later
// snapshot (`until`, null while it is the latest).
// arguments: snap
coalesce(snap.revised_at <= $t, false) AND (snap.until IS NULL OR snap.until > $t)

// define stored-fresh
// Claim `claim`'s stored status (written at write time for the default question) still holds at $t: there is one,
// it was computed at or before $t, and it has not expired by $t.
// arguments: claim
claim.status IS NOT NULL AND claim.status_computed_at <= $t AND (claim.status_expires IS NULL OR claim.status_expires > $t)

