// name: store_reading_set
// description: Record how a store was read, once its ingest has written every batch: reading (digest) and settings (JSON).
// param store: the store name
// param kind: the store kind (files, git, tickets, logs, cards), set when the store is new
// param reading: the digest of the reading settings
// param settings: the reading settings as JSON text
// mode: write
MERGE (store:Store {name: $store})
  ON CREATE SET store.kind = $kind
SET store.reading = $reading, store.reading_settings = $settings
;
