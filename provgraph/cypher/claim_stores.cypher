// name: claim_stores
// description: Every source with the store it belongs to (source, store), for grouping claims by store.
MATCH (source:Source)-[:IN]->(store:Store)
RETURN source.uid AS source, store.name AS store
