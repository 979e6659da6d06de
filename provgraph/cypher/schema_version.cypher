// name: schema_version
// description: The version of provgraph's schema this database holds (null: none recorded), whether it holds
// description: provgraph data (claims or stores) and how many claims (counted from Neo4j's count store, no scan). Every command reads
// description: it before touching the graph (provgraph/graph/schema.py).
OPTIONAL MATCH (schema:ProvgraphSchema {name: 'schema'})
WITH schema LIMIT 1
CALL { MATCH (claim:Claim) RETURN count(claim) AS claims }
CALL { MATCH (store:Store) RETURN count(store) AS stores }
RETURN schema.version AS version, schema.provgraph AS provgraph, claims + stores > 0 AS has_data, claims
;
