// name: snapshots_between
// description: What changed in a time window: every snapshot with $from <= revised_at < $to, oldest first, with its
// description: store, source, version, sha256, deleted (tombstone), whether it revised an earlier snapshot
// description: (previous_sha256, null for a new source) and how many claims it cites.
// param from: start of the window, inclusive (DateTime)
// param to: end of the window, exclusive (DateTime)
MATCH (snapshot:Snapshot)-[:OF]->(source:Source)-[:IN]->(store:Store)
WHERE snapshot.revised_at >= $from AND snapshot.revised_at < $to
OPTIONAL MATCH (snapshot)-[:PREVIOUS]->(previous:Snapshot)
RETURN snapshot.revised_at AS revised_at, store.name AS store, source.uid AS source, snapshot.uid AS snapshot,
       snapshot.version AS version, snapshot.sha256 AS sha256, coalesce(snapshot.deleted, false) AS deleted,
       previous.sha256 AS previous_sha256, COUNT { (:Claim)-[:CITED_AT]->(snapshot) } AS claims
ORDER BY revised_at, source, snapshot
;
