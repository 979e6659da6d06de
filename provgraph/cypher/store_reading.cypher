// name: store_reading
// description: How a store was last read (issue 23: a changed reading re-reads it): reading (a digest of the reading
// description: settings: reader version, date order, include/exclude, scope), settings (the same as JSON text), and
// description: sources (whether it holds any). No row for a store never ingested.
// param store: the store name
MATCH (store:Store {name: $store})
RETURN store.reading AS reading, store.reading_settings AS settings, EXISTS { (store)<-[:IN]-(:Source) } AS sources
;
