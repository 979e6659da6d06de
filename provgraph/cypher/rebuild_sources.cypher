// name: rebuild_sources
// description: The uids of every source of a store, for `ingest --rebuild` (and a changed reading) to take out in chunks.
// param store: the store name
MATCH (:Store {name: $store})<-[:IN]-(source:Source)
RETURN source.uid AS uid
ORDER BY uid
;
