// Rival roster `roster` read once, as a map of its lists (what rules/roster-entries indexes into).
// arguments: roster
roster {.subject, .members, .reasons, .entry_scopes, .member_scopes, .subjects, .values, .valued}
