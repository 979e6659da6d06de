// name: ingest_stored_snapshots
// plan: kept
// description: How many of the given snapshots are stored already: a concurrent ingest of the same input may
// description: have written a batch while this one waited for the write lock. One row: stored.
// param uids: list of snapshot uids
UNWIND $uids AS uid
MATCH (s:Snapshot {uid: uid})
RETURN count(s) AS stored
;
