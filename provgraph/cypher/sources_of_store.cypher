// name: sources_of_store
// description: Every source in store $store with its latest snapshot: uid, kind, title, url, how many snapshots are
// description: stored, and the latest one's uid, sha256, revised_at, version and deleted (tombstone). Sorted by source uid.
// param store: the store name (as given to `ingest --store`, default the folder or file name)
MATCH (:Store {name: $store})<-[:IN]-(source:Source)
CALL (source) {
  MATCH (snapshot:Snapshot)-[:OF]->(source)
  WITH snapshot ORDER BY snapshot.revised_at DESC, snapshot.observed_at DESC
  RETURN count(snapshot) AS snapshots, head(collect(snapshot)) AS latest
}
RETURN source.uid AS source, source.kind AS kind, source.title AS title, source.url AS url,
       snapshots, latest.uid AS latest_snapshot, latest.sha256 AS sha256, latest.revised_at AS revised_at,
       latest.version AS version, coalesce(latest.deleted, false) AS deleted
ORDER BY source
;
