// name: ingest_group_entries
// description: One page of the entry sources already stored for one append-only log file, in uid order after $after:
// description: each one's uid and whether its latest snapshot cites a claim (one that does not has vanished already).
// param store: the store name
// param container: the log file name
// param after: the last source uid of the page before ('' for the first page)
// param limit: how many sources a page holds at most
MATCH (:Store {name: $store})<-[:IN]-(source:Source {container: $container})<-[:OF]-(s:Snapshot)
WHERE s.until IS NULL AND source.uid > $after
WITH source, s
ORDER BY source.uid
LIMIT $limit
RETURN source.uid AS source, exists { (:Claim)-[:CITED_AT]->(s) } AS cites
;
