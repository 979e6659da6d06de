// name: ingest_external_refs
// plan: kept
// description: Write one batch of lineage-only references (RELATES verbs such as source, cites, uses) whose target was never ingested: an ExternalRef node and a REFERENCES edge from the claim, never a placeholder claim. Appends the recording snapshot and source to the edge.
// param rows: list of {claim, target, inbound, verb, scope, asserted_at, snapshot, source}; inbound: the record said target -> claim
// mode: write
UNWIND $rows AS row
MATCH (c:Claim {uid: row.claim})
MERGE (e:ExternalRef {uid: row.target})
MERGE (c)-[r:REFERENCES {via: '', verb: row.verb, inbound: row.inbound}]->(e)
  ON CREATE SET r.asserted_at = row.asserted_at, r.recorded_in = [], r.sources = []
SET r.scope = coalesce(row.scope, c.scope, ''),
    r.recorded_in = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_in ELSE r.recorded_in + row.snapshot END,
    r.sources = CASE WHEN row.source IN r.sources THEN r.sources ELSE r.sources + row.source END
;
