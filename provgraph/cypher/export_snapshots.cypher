// name: export_snapshots
// description: One page of snapshots for `provgraph export`, by uid after $after (keyset paging): uid, sha256,
// description: revised_at, until, observed_at, version, deleted, path (where the source lived in that version), the source it is of, and the previous snapshot(s).
// param after: the last snapshot uid of the previous page, or null for the first page
// param page: how many rows to return
MATCH (snapshot:Snapshot)
WHERE $after IS NULL OR snapshot.uid > $after
WITH snapshot ORDER BY snapshot.uid LIMIT $page
RETURN snapshot.uid AS uid, snapshot.sha256 AS sha256, snapshot.revised_at AS revised_at, snapshot.until AS until,
       snapshot.observed_at AS observed_at, snapshot.version AS version, coalesce(snapshot.deleted, false) AS deleted,
       snapshot.path AS path,
       COLLECT { MATCH (snapshot)-[:OF]->(source:Source) RETURN source.uid } AS sources,
       COLLECT { MATCH (snapshot)-[:PREVIOUS]->(previous:Snapshot) RETURN previous.uid } AS previous
ORDER BY uid
;
