// name: changes_claims
// description: The claims of one store (cited by a snapshot of a source in it), for `provgraph changes --store`:
// description: one row per claim uid, sorted.
// param store: the store name
MATCH (:Store {name: $store})<-[:IN]-(:Source)<-[:OF]-(:Snapshot)<-[:CITED_AT]-(c:Claim)
RETURN DISTINCT c.uid AS claim
ORDER BY claim
;
