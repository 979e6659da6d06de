// name: status_stored_all
// description: The status of every claim for the default question (each claim's own scope) at $t as stored at write time:
// description: the status query's columns read from the claim, plus fresh = a stored status exists, was computed at
// description: or before $t, and does not expire by $t (status_expires null or later than $t). A row that is not fresh
// description: carries only claim and fresh = false: its caller takes the full computation. Sorted by uid. The times
// description: asserted_at, valid_from and valid_until are integer epoch microseconds (values.from_epoch_us), which the
// description: driver reads several times faster than DateTime values.
// param t: the as-of time (DateTime)
// param subject: only claims about this subject, or null
// param only: list of statuses to keep (fresh rows only), or null for all
MATCH (c:Claim)
WHERE c.uid IS NOT NULL  // the uid index then gives the rows in uid order: no sort holds them all first
// INCLUDE stored-status-row (the columns; written in rules/stored-status-row.cypher)
ORDER BY claim
;
