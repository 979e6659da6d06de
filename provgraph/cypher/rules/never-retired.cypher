// The status_retired_since of a claim that is not retired (rules/retired): a time after any $t, kept on every claim
// with a subject (written, unstored, or stored with a status that is not retired), so the index on (subject,
// status_retired_since) holds every such claim and its seek for `> $t` finds all that can be rivals.
datetime('9999-12-31T00:00:00Z')
