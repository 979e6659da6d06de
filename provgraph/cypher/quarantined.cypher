// name: quarantined
// description: Input that ingest could not parse and set aside: store, file, line and reason, with the time it was
// description: seen; newest first. $store limits it to one store; null lists every store.
// param store: a store name, or null for all stores
MATCH (q:Quarantine)
WHERE $store IS NULL OR q.store = $store
RETURN q.store AS store, q.file AS file, q.line AS line, q.reason AS reason, q.observed_at AS observed_at
ORDER BY observed_at DESC, store, file, line
;
