// name: claim_titles
// description: The title of each claim of $claims: the title of the source its latest snapshot belongs to (the record's
// description: own heading or title field). Returns claim, title; a claim with no titled source (a placeholder, an
// description: id nothing ingested) is left out.
// param claims: a list of claim uids
UNWIND $claims AS uid
MATCH (c:Claim {uid: uid})-[:CITED_AT]->(snapshot:Snapshot)-[:OF]->(source:Source)
WHERE source.title IS NOT NULL AND source.title <> ''
WITH c, source ORDER BY snapshot.revised_at DESC, snapshot.observed_at DESC
RETURN c.uid AS claim, head(collect(source.title)) AS title
;
