// name: fulltext_pending
// description: Claims written before the full-text fields existed (no search_terms yet), up to $limit: uid, and the
// description: title (of the source its latest citing snapshot belongs to), subject, value and text to build them from.
// description: `provgraph init` fills them in (provgraph/fulltext.py), so an older graph gets suspects without re-ingesting.
// param limit: how many claims to return
MATCH (c:Claim)
WHERE c.search_terms IS NULL AND NOT coalesce(c.placeholder, false)
WITH c LIMIT $limit
OPTIONAL MATCH (c)-[:CITED_AT]->(snap:Snapshot)-[:OF]->(source:Source)
WITH c, source ORDER BY snap.revised_at DESC
WITH c, head(collect(source.title)) AS title
RETURN c.uid AS uid, title, c.subject AS subject, c.value AS value, c.text AS text
;
