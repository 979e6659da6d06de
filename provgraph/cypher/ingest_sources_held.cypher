// name: ingest_sources_held
// plan: kept
// description: Which of the given sources have a snapshot in the graph already, read before a batch writes its own:
// description: the batch's status pass looks up the claims their stored snapshots cite (a new source's snapshots are
// description: all in the batch, and every claim they cite is one of its seeds). One row per such source: source (uid).
// param sources: list of source uids
UNWIND $sources AS source_uid
MATCH (s:Source {uid: source_uid})
WHERE EXISTS { MATCH (s)<-[:OF]-(:Snapshot) }
RETURN s.uid AS source
;
