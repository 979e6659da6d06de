// name: suspects_stale
// description: Whether the kept suspects are complete: how many claims the write-time suspects pass still has to take a step
// description: (labels SuspectsPending, SuspectsRelook, SuspectsPairs; each count read from the label's count, no scan),
// description: and the schema version the database records (a store written before suspects were kept, not upgraded
// description: by a write since, has kept none). While any is owed, or the schema is older, reads compute suspects live.
OPTIONAL MATCH (schema:ProvgraphSchema {name: 'schema'})
RETURN COUNT { (:SuspectsPending) } + COUNT { (:SuspectsRelook) } + COUNT { (:SuspectsPairs) } AS owed,
       schema.version AS schema
;
