// Rival roster `roster` (docs/design.md "Rival rosters") answers rule 10 at question scope `q` and $t: no write owes
// it, it was computed at or before $t and has not expired by $t, and it judged the subject at `q`.
// arguments: roster, q
NOT roster.owed AND roster.computed_at <= $t AND (roster.expires IS NULL OR roster.expires > $t) AND q IN roster.scopes
