// name: scan_store
// description: A scan store's kind and the digest of the vocabulary its last scan matched against (null: never scanned); no row when no store has that name.
// param store: the scan store's name
MATCH (store:Store {name: $store})
RETURN store.kind AS kind, store.vocabulary AS vocabulary, store.root AS root
;
