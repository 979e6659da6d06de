// name: export_selection
// description: Every claim with its scope and the sources and stores whose snapshots cite it, for `provgraph export
// description: --store/--scope` (the export keeps the claims selected and the sources, snapshots, stores and
// description: adjudications around them). One row per claim: claim, scope, sources, stores.
MATCH (claim:Claim)
OPTIONAL MATCH (claim)-[:CITED_AT]->(:Snapshot)-[:OF]->(source:Source)
OPTIONAL MATCH (source)-[:IN]->(store:Store)
RETURN claim.uid AS claim, coalesce(claim.scope, '') AS scope, collect(DISTINCT source.uid) AS sources,
       collect(DISTINCT store.name) AS stores
ORDER BY claim
;
