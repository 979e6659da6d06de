// name: ingest_lookup_snapshots
// description: For the given sources, the latest stored snapshot of each (with its revised_at); and which of the given snapshot uids exist already.
// param sources: list of source uids
// param uids: list of snapshot uids
UNWIND $sources AS source_uid
MATCH (:Source {uid: source_uid})<-[:OF]-(s:Snapshot)
WHERE s.until IS NULL
RETURN source_uid AS source, s.uid AS uid, s.sha256 AS sha256, s.revised_at AS revised_at, 'latest' AS kind
UNION ALL
UNWIND $uids AS snapshot_uid
MATCH (s:Snapshot {uid: snapshot_uid})
RETURN null AS source, s.uid AS uid, s.sha256 AS sha256, s.revised_at AS revised_at, 'exists' AS kind
