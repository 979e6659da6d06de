// name: ingest_lookup_snapshots
// description: For the given sources, the latest stored snapshot of each (with its revised_at as integer microseconds
// description: since the epoch); and which of the given snapshot uids exist already (uid only). Plain values, because
// description: re-ingest reads one row per snapshot and a DateTime costs the driver far more to build than an integer.
// param sources: list of source uids
// param uids: list of snapshot uids
UNWIND $sources AS source_uid
MATCH (:Source {uid: source_uid})<-[:OF]-(s:Snapshot)
WHERE s.until IS NULL
RETURN source_uid AS source, s.uid AS uid, s.sha256 AS sha256,
       s.revised_at.epochSeconds * 1000000 + s.revised_at.microsecond AS revised_us, 'latest' AS kind
UNION ALL
UNWIND $uids AS snapshot_uid
MATCH (s:Snapshot {uid: snapshot_uid})
RETURN null AS source, s.uid AS uid, null AS sha256, null AS revised_us, 'exists' AS kind
