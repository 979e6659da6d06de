// name: ingest_group_entries
// description: The entry sources already stored for one append-only log file, with the hash of each one's latest snapshot.
// param store: the store name
// param container: the log file name
MATCH (:Store {name: $store})<-[:IN]-(source:Source {container: $container})<-[:OF]-(s:Snapshot)
WHERE s.until IS NULL
RETURN source.uid AS source, s.sha256 AS sha256, s.deleted AS deleted, exists { (:Claim)-[:CITED_AT]->(s) } AS cites
;
