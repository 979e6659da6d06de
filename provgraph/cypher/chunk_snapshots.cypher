// name: chunk_snapshots
// description: For each retrieved chunk (by key) and the source uids its path may name, every snapshot of those sources, newest first: its sha256, whether it is the latest, and the claims it cites with their text and lines as that snapshot states them.
// param items: list of {key, sources} (sources: candidate source uids, `<store>:<locator>`)
UNWIND $items AS item
MATCH (source:Source) WHERE source.uid IN item.sources
MATCH (s:Snapshot)-[:OF]->(source)
OPTIONAL MATCH (c:Claim)-[cite:CITED_AT]->(s)
WITH item, source, s, collect(CASE WHEN c IS NULL THEN null ELSE
       {claim: c.uid, text: cite.text, line_start: cite.line_start, line_end: cite.line_end} END) AS claims
RETURN item.key AS key, source.uid AS source, s.sha256 AS sha256, s.until IS NULL AS latest, claims
ORDER BY key, s.revised_at DESC, s.observed_at DESC
;
