// name: ingest_edges
// plan: kept
// description: Write one batch of recorded edges between claims (creating placeholder claims for ends never ingested); appends the recording snapshot and source to the edge.
// param rows: list of {kind, from, to, verb, scope, asserted_at, snapshot, source, line} (line: the recording file's line that states it, or null; kept in recorded_lines, parallel to recorded_in, 0 when unknown); kind is one of CORRECTS, SUPERSEDES, INVALIDATES, AMENDS, CONFLICTS_WITH, DEPENDS_ON, RELATES
// mode: write
UNWIND $rows AS row
// an edge written first is set from its row alone; one written again appends this recording to its lists
// (recorded_lines before recorded_in: it reads whether the snapshot is listed yet)
MERGE (a:Claim {uid: row.from})
  ON CREATE SET a.placeholder = true, a.aliases = [], a.scope = ''
MERGE (b:Claim {uid: row.to})
  ON CREATE SET b.placeholder = true, b.aliases = [], b.scope = ''
FOREACH (_ IN CASE WHEN row.kind = 'CORRECTS' THEN [1] ELSE [] END |
  MERGE (a)-[r:CORRECTS {via: ''}]->(b)
  ON CREATE SET r.asserted_at = row.asserted_at, r.recorded_in = [row.snapshot], r.sources = [row.source],
                r.recorded_lines = [coalesce(row.line, 0)], r.scope = coalesce(row.scope, a.scope, '')
  ON MATCH SET r.recorded_lines = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_lines
                                       ELSE coalesce(r.recorded_lines, []) + coalesce(row.line, 0) END,
               r.scope = coalesce(row.scope, a.scope, ''),
               r.recorded_in = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_in ELSE r.recorded_in + row.snapshot END,
               r.sources = CASE WHEN row.source IN r.sources THEN r.sources ELSE r.sources + row.source END)
FOREACH (_ IN CASE WHEN row.kind = 'SUPERSEDES' THEN [1] ELSE [] END |
  MERGE (a)-[r:SUPERSEDES {via: ''}]->(b)
  ON CREATE SET r.asserted_at = row.asserted_at, r.recorded_in = [row.snapshot], r.sources = [row.source],
                r.recorded_lines = [coalesce(row.line, 0)], r.scope = coalesce(row.scope, a.scope, '')
  ON MATCH SET r.recorded_lines = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_lines
                                       ELSE coalesce(r.recorded_lines, []) + coalesce(row.line, 0) END,
               r.scope = coalesce(row.scope, a.scope, ''),
               r.recorded_in = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_in ELSE r.recorded_in + row.snapshot END,
               r.sources = CASE WHEN row.source IN r.sources THEN r.sources ELSE r.sources + row.source END)
FOREACH (_ IN CASE WHEN row.kind = 'INVALIDATES' THEN [1] ELSE [] END |
  MERGE (a)-[r:INVALIDATES {via: ''}]->(b)
  ON CREATE SET r.asserted_at = row.asserted_at, r.recorded_in = [row.snapshot], r.sources = [row.source],
                r.recorded_lines = [coalesce(row.line, 0)], r.scope = coalesce(row.scope, a.scope, '')
  ON MATCH SET r.recorded_lines = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_lines
                                       ELSE coalesce(r.recorded_lines, []) + coalesce(row.line, 0) END,
               r.scope = coalesce(row.scope, a.scope, ''),
               r.recorded_in = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_in ELSE r.recorded_in + row.snapshot END,
               r.sources = CASE WHEN row.source IN r.sources THEN r.sources ELSE r.sources + row.source END)
FOREACH (_ IN CASE WHEN row.kind = 'AMENDS' THEN [1] ELSE [] END |
  MERGE (a)-[r:AMENDS {via: ''}]->(b)
  ON CREATE SET r.asserted_at = row.asserted_at, r.recorded_in = [row.snapshot], r.sources = [row.source],
                r.recorded_lines = [coalesce(row.line, 0)], r.scope = coalesce(row.scope, a.scope, '')
  ON MATCH SET r.recorded_lines = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_lines
                                       ELSE coalesce(r.recorded_lines, []) + coalesce(row.line, 0) END,
               r.scope = coalesce(row.scope, a.scope, ''),
               r.recorded_in = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_in ELSE r.recorded_in + row.snapshot END,
               r.sources = CASE WHEN row.source IN r.sources THEN r.sources ELSE r.sources + row.source END)
FOREACH (_ IN CASE WHEN row.kind = 'CONFLICTS_WITH' THEN [1] ELSE [] END |
  MERGE (a)-[r:CONFLICTS_WITH {via: ''}]->(b)
  ON CREATE SET r.asserted_at = row.asserted_at, r.recorded_in = [row.snapshot], r.sources = [row.source],
                r.recorded_lines = [coalesce(row.line, 0)], r.scope = coalesce(row.scope, a.scope, '')
  ON MATCH SET r.recorded_lines = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_lines
                                       ELSE coalesce(r.recorded_lines, []) + coalesce(row.line, 0) END,
               r.scope = coalesce(row.scope, a.scope, ''),
               r.recorded_in = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_in ELSE r.recorded_in + row.snapshot END,
               r.sources = CASE WHEN row.source IN r.sources THEN r.sources ELSE r.sources + row.source END)
FOREACH (_ IN CASE WHEN row.kind = 'DEPENDS_ON' THEN [1] ELSE [] END |
  MERGE (a)-[r:DEPENDS_ON {via: ''}]->(b)
  ON CREATE SET r.asserted_at = row.asserted_at, r.recorded_in = [row.snapshot], r.sources = [row.source],
                r.recorded_lines = [coalesce(row.line, 0)], r.scope = coalesce(row.scope, a.scope, '')
  ON MATCH SET r.recorded_lines = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_lines
                                       ELSE coalesce(r.recorded_lines, []) + coalesce(row.line, 0) END,
               r.scope = coalesce(row.scope, a.scope, ''),
               r.recorded_in = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_in ELSE r.recorded_in + row.snapshot END,
               r.sources = CASE WHEN row.source IN r.sources THEN r.sources ELSE r.sources + row.source END)
FOREACH (_ IN CASE WHEN row.kind = 'RELATES' THEN [1] ELSE [] END |
  MERGE (a)-[r:RELATES {via: '', verb: coalesce(row.verb, 'relates')}]->(b)
  ON CREATE SET r.asserted_at = row.asserted_at, r.recorded_in = [row.snapshot], r.sources = [row.source],
                r.recorded_lines = [coalesce(row.line, 0)], r.scope = coalesce(row.scope, a.scope, '')
  ON MATCH SET r.recorded_lines = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_lines
                                       ELSE coalesce(r.recorded_lines, []) + coalesce(row.line, 0) END,
               r.scope = coalesce(row.scope, a.scope, ''),
               r.recorded_in = CASE WHEN row.snapshot IN r.recorded_in THEN r.recorded_in ELSE r.recorded_in + row.snapshot END,
               r.sources = CASE WHEN row.source IN r.sources THEN r.sources ELSE r.sources + row.source END)
;
