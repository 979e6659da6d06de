// name: store_kept_ends_set
// description: Keep (or, with null, forget) the ends a store's line-streamed files were read to, as JSON text.
// param store: the store name
// param ends: JSON text (file name -> {length, sha256, lines, entries, last}), or null to forget them
// mode: write
MATCH (store:Store {name: $store})
SET store.kept_ends = $ends
;
