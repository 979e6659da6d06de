// Claim `claim`'s stored status (written at write time for the default question) still holds at $t: there is one,
// it was computed at or before $t, and it has not expired by $t.
// arguments: claim
claim.status IS NOT NULL AND claim.status_computed_at <= $t AND (claim.status_expires IS NULL OR claim.status_expires > $t)
