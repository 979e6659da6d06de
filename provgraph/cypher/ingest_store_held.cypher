// name: ingest_store_held
// description: Whether the graph holds any source of the store: an ingest of a store it does not hold yet is a first
// description: load (provgraph/ingest/pipeline/batch.py `first_load`), whose log entries can have no stored bytes to
// description: compare with and no stored entry that vanished. One row: held (boolean).
// param store: the store name
RETURN EXISTS { MATCH (:Store {name: $store})<-[:IN]-(:Source) } AS held
;
