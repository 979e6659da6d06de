// name: store_record_paths
// description: Record where a store was ingested from, for the report's SARIF locations: path (the file or folder ingested) and root (what locations are relative to: the config file's folder when it holds path, else the git work tree holding path, else the folder the ingest ran from), both absolute.
// param store: the store name
// param path: the absolute path ingested
// param root: the absolute folder locations are relative to
// mode: write
MATCH (store:Store {name: $store})
SET store.path = $path, store.root = $root
RETURN store.name AS store
;
