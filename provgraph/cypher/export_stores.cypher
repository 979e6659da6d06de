// name: export_stores
// description: One page of stores for `provgraph export`, by name after $after (keyset paging): name, kind.
// param after: the last store name of the previous page, or null for the first page
// param page: how many rows to return
MATCH (store:Store)
WHERE $after IS NULL OR store.name > $after
RETURN store.name AS name, store.kind AS kind
ORDER BY name
LIMIT $page
;
