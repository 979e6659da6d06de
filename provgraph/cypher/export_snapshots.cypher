// name: export_snapshots
// description: One page of snapshots for `provgraph export`, by uid after $after (keyset paging): uid, sha256,
// description: revised_at, until, observed_at, version, deleted, path (the source's locator as of this version), author,
// description: authored_at, committer, the declared words of the claims it cites, the source it is of, and the previous snapshot(s).
// param after: the last snapshot uid of the previous page, or null for the first page
// param page: how many rows to return
MATCH (snapshot:Snapshot)
WHERE $after IS NULL OR snapshot.uid > $after
WITH snapshot ORDER BY snapshot.uid LIMIT $page
RETURN snapshot.uid AS uid, snapshot.sha256 AS sha256, snapshot.revised_at AS revised_at, snapshot.until AS until,
       snapshot.observed_at AS observed_at, snapshot.version AS version, coalesce(snapshot.deleted, false) AS deleted,
       snapshot.path AS path, snapshot.author AS author, snapshot.authored_at AS authored_at, snapshot.committer AS committer,
       COLLECT { MATCH (:Claim)-[cited:CITED_AT]->(snapshot) WHERE cited.declared IS NOT NULL
                 RETURN DISTINCT cited.declared AS word ORDER BY word } AS declared,
       COLLECT { MATCH (snapshot)-[:OF]->(source:Source) RETURN source.uid } AS sources,
       COLLECT { MATCH (snapshot)-[:PREVIOUS]->(previous:Snapshot) RETURN previous.uid } AS previous
ORDER BY uid
;
