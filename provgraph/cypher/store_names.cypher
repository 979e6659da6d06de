// name: store_names
// description: Every store: its name and kind, with how many sources it holds, sorted by name.
MATCH (store:Store)
RETURN store.name AS store, store.kind AS kind, COUNT { (:Source)-[:IN]->(store) } AS sources
ORDER BY store
;
