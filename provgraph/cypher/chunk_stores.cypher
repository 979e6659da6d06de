// name: chunk_stores
// description: The stores whose records are files (files and git), each with the folder it was ingested from (path) and the folder that ingest ran from (root), for resolving a retrieved chunk's file path to its source.
MATCH (store:Store)
WHERE store.kind IN ['files', 'git'] AND store.path IS NOT NULL
RETURN store.name AS store, store.path AS path, store.root AS root
ORDER BY store
;
