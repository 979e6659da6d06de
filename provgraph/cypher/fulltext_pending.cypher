// name: fulltext_pending
// description: Claims whose full-text fields are missing or older than $version (search_version), up to $limit: uid, and the
// description: title (of the source its latest citing snapshot belongs to), subject, value, text and scope to build them from.
// description: `provgraph init` fills them in (provgraph/graph/fulltext.py), so an older graph gets suspects without re-ingesting.
// description: In uid order after $after, so each call seeks where the last one stopped instead of reading every claim
// description: it already filled again.
// param after: the greatest uid the previous call returned ('' for the first)
// param limit: how many claims to return
// param version: the current version of the fields (provgraph/graph/fulltext.py VERSION)
MATCH (c:Claim)
WHERE c.uid > $after AND coalesce(c.search_version, 0) <> $version AND NOT coalesce(c.placeholder, false)
WITH c ORDER BY c.uid LIMIT $limit
OPTIONAL MATCH (c)-[:CITED_AT]->(snap:Snapshot)-[:OF]->(source:Source)
WITH c, source ORDER BY snap.revised_at DESC
WITH c, head(collect(source.title)) AS title
RETURN c.uid AS uid, title, c.subject AS subject, c.value AS value, c.text AS text, c.scope AS scope
;
