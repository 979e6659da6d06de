// name: ingest_group_entries_of
// description: Which of the given entry sources of one append-only log file are stored already, with the hash of
// description: each one's latest snapshot.
// param store: the store name
// param container: the log file name
// param sources: list of entry source uids
UNWIND $sources AS source_uid
MATCH (source:Source {uid: source_uid})-[:IN]->(:Store {name: $store})
WHERE source.container = $container
MATCH (source)<-[:OF]-(s:Snapshot)
WHERE s.until IS NULL
RETURN source.uid AS source, s.sha256 AS sha256
;
