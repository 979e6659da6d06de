// name: ingest_lookup_snapshots
// plan: kept
// description: For the given sources, the latest stored snapshot of each (with its revised_at as integer microseconds
// description: since the epoch); and which of the given snapshot uids exist already as older snapshots (uid only; a
// description: given uid that is a latest snapshot appears in the first rows). Few, plain values, because re-ingest
// description: reads one row per snapshot and building rows (above all DateTime values) is what costs the driver.
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
WHERE s.until IS NOT NULL  // the latest ones are in the rows above already
RETURN null AS source, s.uid AS uid, null AS sha256, null AS revised_us, 'exists' AS kind
;
