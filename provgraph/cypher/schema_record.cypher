// name: schema_record
// description: Record that this database holds version $version of provgraph's schema (after `install_schema`
// description: created every constraint and index); an older record is overwritten, a newer one kept.
// param version: the schema version installed (graph/schema.py SCHEMA_VERSION)
// param provgraph: the package version that installed it
// param t: when (DateTime)
// mode: write
MERGE (schema:ProvgraphSchema {name: 'schema'})
WITH schema
WHERE coalesce(schema.version, 0) <= $version
SET schema.version = $version, schema.provgraph = $provgraph, schema.installed_at = $t
RETURN schema.version AS version
;
