// name: store_record_paths
// description: Record where a store was ingested from, for the report's SARIF locations: path (the file or folder ingested) and root (the folder the ingest ran from: the config file's folder, else the working directory), both absolute.
// param store: the store name
// param path: the absolute path ingested
// param root: the absolute folder the ingest ran from
// mode: write
MATCH (store:Store {name: $store})
SET store.path = $path, store.root = $root
RETURN store.name AS store
;
