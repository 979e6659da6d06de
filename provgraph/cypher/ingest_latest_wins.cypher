// name: ingest_latest_wins
// description: The latest-wins policy for a log store: for each (subject, scope), each entry supersedes the one before it, through an automatic Adjudication (policy latest-wins) recorded at write time. One row: adjudications (how many), claims (the uids on either side).
// param store: the store name
// mode: write
MATCH (:Store {name: $store})<-[:IN]-(:Source)<-[:OF]-(:Snapshot)<-[:CITED_AT]-(c:Claim)
WHERE c.subject IS NOT NULL AND c.subject <> '' AND c.asserted_at IS NOT NULL
WITH DISTINCT c
ORDER BY c.asserted_at, c.uid
WITH c.subject AS subject, coalesce(c.scope, '') AS scope, collect(c) AS entries
UNWIND range(1, size(entries) - 1) AS i
WITH entries[i] AS newer, entries[i - 1] AS older, scope
MERGE (adj:Adjudication {uid: 'latest-wins:' + newer.uid + '>' + older.uid})
  ON CREATE SET adj.decided_at = newer.asserted_at,
                adj.policy = 'latest-wins',
                adj.by = 'policy:latest-wins',
                adj.why = 'newest log entry for the same subject and scope wins',
                adj.scope = scope
MERGE (adj)-[:KEEPS]->(newer)
MERGE (adj)-[:RETIRES]->(older)
MERGE (newer)-[r:SUPERSEDES {via: adj.uid}]->(older)
  ON CREATE SET r.asserted_at = adj.decided_at, r.recorded_in = [], r.sources = []
SET r.valid_from = adj.decided_at, r.valid_to = adj.revoked_at, r.scope = scope
RETURN count(adj) AS adjudications, collect(DISTINCT newer.uid) + collect(DISTINCT older.uid) AS claims
;
