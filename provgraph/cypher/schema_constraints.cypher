// name: schema_constraints
// description: Every constraint in the database: name, kind (e.g. UNIQUENESS), node or relationship, label or type and properties, sorted by name.
SHOW CONSTRAINTS YIELD name, type, entityType, labelsOrTypes, properties
RETURN name, type, entityType AS entity, labelsOrTypes AS labels, properties
ORDER BY name
;
