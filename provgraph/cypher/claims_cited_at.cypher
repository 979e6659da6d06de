// name: claims_cited_at
// description: For each citation given (a source uid, locator or a path ending in the locator; the sha256 of the snapshot read; a line or null), the claims that snapshot cites, at that line when one is given.
// param items: list of {key, source, sha256, line} (sha256: hex; line: an integer or null)
UNWIND $items AS item
OPTIONAL MATCH (s:Snapshot {sha256: item.sha256})-[:OF]->(source:Source)
  WHERE source.uid = item.source OR source.locator = item.source OR item.source ENDS WITH ('/' + source.locator)
OPTIONAL MATCH (c:Claim)-[cite:CITED_AT]->(s)
  WHERE item.line IS NULL OR (cite.line_start <= item.line AND item.line <= coalesce(cite.line_end, cite.line_start))
RETURN item.key AS key, [uid IN collect(DISTINCT c.uid) WHERE uid IS NOT NULL] AS claims
;
