// name: store_kept_ends
// description: The kept ends of a store's line-streamed files (the next ingest reads each from there when
// description: its bytes before it are unchanged), as JSON text, with the reading they were read under. No row for a
// description: store never ingested; ends null when none is kept.
// param store: the store name
MATCH (store:Store {name: $store})
RETURN store.kept_ends AS ends, store.reading AS reading
;
