// name: report_sources_changed
// description: Snapshots ingested after $since (null: every snapshot), grouped by change (new source, revised,
// description: deleted): one row per change with the number of snapshots and at most $limit of them (store, source,
// description: revised_at, observed_at, sha256), sorted by store, source and time.
// param since: only snapshots observed after this time (DateTime), or null for every snapshot
// param limit: at most this many snapshots listed per change
MATCH (snap:Snapshot)-[:OF]->(source:Source)-[:IN]->(store:Store)
WHERE $since IS NULL OR snap.observed_at > $since
WITH store, source, snap,
     CASE WHEN coalesce(snap.deleted, false) THEN 'deleted'
          WHEN EXISTS { (snap)-[:PREVIOUS]->(:Snapshot) } THEN 'revised'
          ELSE 'new' END AS change
ORDER BY store.name, source.uid, snap.revised_at
RETURN change, count(*) AS snapshots,
       collect({store: store.name, source: source.uid, revised_at: snap.revised_at,
                observed_at: snap.observed_at, sha256: snap.sha256})[..$limit] AS rows
ORDER BY change
;
